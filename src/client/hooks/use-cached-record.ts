import { useMemo, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import type { CollectionName, CollectionRecords } from '../../shared/collections';
import { problemWords } from '../lib/problem-words';
import { problemMessages } from '../lib/problem.messages';
import { syncStatus } from '../offline/sync-engine';
import { collectionViews, shownRow } from '../offline/view-store';

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
  const views = useMemo(() => collectionViews(name), [name]);
  // The list in memory, followed: its snapshot changes with every change to it.
  const rows = useSyncExternalStore(views.subscribe, views.get);
  const row = rows === undefined ? undefined : key === undefined ? null : ((shownRow(name, key) as CollectionRecords[K] | undefined) ?? null);
  const status = useSyncExternalStore(syncStatus.subscribe, () => syncStatus.get()[name]);
  const problems = useStore(problemMessages);
  if (row) return { record: row, loading: false, error: null };
  if (row === undefined || (key !== undefined && status.lastSyncedAt === null && !status.error)) {
    return { record: undefined, loading: true, error: null };
  }
  return { record: undefined, loading: false, error: status.lastSyncedAt === null ? problemWords(problems, status.problem, status.error) : null };
}
