import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from '@nanostores/react';
import type { CollectionName, CollectionRecords } from '../../shared/collections';
import { problemWords } from '../lib/problem-words';
import { problemMessages } from '../lib/problem.messages';
import { shownRecord } from '../offline/shown';
import { syncStatus } from '../offline/sync-engine';

export interface CachedRecordView<K extends CollectionName> {
  /** undefined while loading, and when the record is not on the device. */
  record: CollectionRecords[K] | undefined;
  /** Nothing to show yet: the record is not cached and the list's first sync has not finished. */
  loading: boolean;
  /** Why the list's first sync failed, when the record is not cached. */
  error: string | null;
}

/** One cached record by key, live (DESIGN 4: read from the device, never straight from the network). */
export function useCachedRecord<K extends CollectionName>(name: K, key: number | undefined): CachedRecordView<K> {
  const row = useLiveQuery(
    async () => (key === undefined ? null : ((await shownRecord(name, key)) ?? null)),
    [name, key],
  );
  const status = useSyncExternalStore(syncStatus.subscribe, () => syncStatus.get()[name]);
  const problems = useStore(problemMessages);
  if (row) return { record: row, loading: false, error: null };
  if (row === undefined || (key !== undefined && status.lastSyncedAt === null && !status.error)) {
    return { record: undefined, loading: true, error: null };
  }
  return { record: undefined, loading: false, error: status.lastSyncedAt === null ? problemWords(problems, status.problem, status.error) : null };
}
