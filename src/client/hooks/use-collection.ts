// A cached list for the UI, live: it re-renders when the sync engine or the outbox writes.
import { useMemo, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionName, CollectionRecords } from '../../shared/collections';
import { firstLoadState } from '../offline/collection-view';
import { collectionTable, db } from '../offline/db';
import type { OutboxEntry } from '../offline/outbox-entry';
import { toView } from '../offline/rebase';
import { syncStatus } from '../offline/sync-engine';

export interface CollectionView<K extends CollectionName> {
  /** undefined only while nothing is cached and the first sync has not finished. */
  rows: CollectionRecords[K][] | undefined;
  /** Unsent changes per record key (conflicts and failures included), in send order. */
  pending: Map<number, OutboxEntry[]>;
  loading: boolean;
  /** Why the first sync failed while nothing is cached; null otherwise. */
  error: string | null;
}

export function useCollection<K extends CollectionName>(name: K): CollectionView<K> {
  const cached = useLiveQuery(() => collectionTable(name).toArray(), [name]);
  const entries = useLiveQuery(
    () =>
      db.outbox
        .where('[collection+recordKey]')
        .between([name, -Infinity], [name, Infinity], true, true)
        .toArray(),
    [name],
  );
  const status = useSyncExternalStore(syncStatus.subscribe, () => syncStatus.get()[name]);

  const rows = useMemo(() => cached?.map((row) => toView<CollectionRecords[K]>(row)), [cached]);
  const pending = useMemo(() => {
    const byKey = new Map<number, OutboxEntry[]>();
    const sorted = [...(entries ?? [])].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    for (const entry of sorted) {
      const list = byKey.get(entry.recordKey);
      if (list) list.push(entry);
      else byKey.set(entry.recordKey, [entry]);
    }
    return byKey;
  }, [entries]);

  return { ...firstLoadState(rows, status.lastSyncedAt, status.error), pending };
}
