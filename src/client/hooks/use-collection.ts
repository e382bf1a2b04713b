// A cached list for the UI, live: the in-memory view of view-store.ts, read from IndexedDB once
// and then patched by each committed change (a sync page, an outbox answer, a queued change).
import { useMemo, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionName, CollectionRecords } from '../../shared/collections';
import { firstLoadState } from '../offline/collection-view';
import { db } from '../offline/db';
import type { OutboxEntry } from '../offline/outbox-entry';
import { syncStatus } from '../offline/sync-engine';
import { collectionViews, isPreview } from '../offline/view-store';

export interface CollectionView<K extends CollectionName> {
  /** undefined only while nothing is cached and the first sync has not finished. */
  rows: CollectionRecords[K][] | undefined;
  /** Unsent changes per record key (conflicts and failures included), in send order. */
  pending: Map<number, OutboxEntry[]>;
  loading: boolean;
  /** Why the first sync failed while nothing is cached; null otherwise. */
  error: string | null;
  /** False while `rows` is undefined or a preview (the newest rows, the whole list being read). */
  complete: boolean;
}

export interface CollectionOptions {
  /** Take a big list's newest rows while the whole list is read (never counts or aggregates). */
  preview?: boolean;
}

export function useCollection<K extends CollectionName>(name: K, options: CollectionOptions = {}): CollectionView<K> {
  const views = useMemo(() => collectionViews(name), [name]);
  const snapshot = useSyncExternalStore(views.subscribe, views.get) as CollectionRecords[K][] | undefined;
  const preview = snapshot !== undefined && isPreview(snapshot);
  const rows = preview && !options.preview ? undefined : snapshot;
  const entries = useLiveQuery(
    () =>
      db.outbox
        .where('[collection+recordKey]')
        .between([name, -Infinity], [name, Infinity], true, true)
        .toArray(),
    [name],
  );
  const status = useSyncExternalStore(syncStatus.subscribe, () => syncStatus.get()[name]);

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

  return { ...firstLoadState(rows, status.lastSyncedAt, status.error), pending, complete: rows !== undefined && !preview };
}
