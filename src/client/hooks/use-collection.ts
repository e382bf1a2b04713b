// A cached list for the UI, live: the in-memory view of view-store.ts, read from IndexedDB once
// and then patched by each committed change (a sync page, an outbox answer, a queued change).
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import type { CollectionName, CollectionRecords } from '../../shared/collections';
import { problemWords } from '../lib/problem-words';
import { problemMessages } from '../lib/problem.messages';
import { firstLoadState } from '../offline/collection-view';
import type { OutboxEntry } from '../offline/outbox-entry';
import { syncStatus } from '../offline/sync-engine';
import { collectionViews } from '../offline/view-store';
import { useOutbox } from './use-outbox';

export interface CollectionView<K extends CollectionName> {
  /** undefined only while nothing is cached and the first sync has not finished. */
  rows: CollectionRecords[K][] | undefined;
  /** Unsent changes per record key (conflicts and failures included), in send order. */
  pending: Map<number, OutboxEntry[]>;
  loading: boolean;
  /** Why the first sync failed while nothing is cached; null otherwise. */
  error: string | null;
}

/** Two lists of one record's entries that show the same (a row need not render again). */
function sameEntries(a: readonly OutboxEntry[], b: readonly OutboxEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => {
      const other = b[i]!;
      return (
        entry.id === other.id &&
        entry.state === other.state &&
        entry.label === other.label &&
        entry.lastError === other.lastError &&
        entry.lastProblem?.code === other.lastProblem?.code &&
        // Claiming a change (outbox-edits) changes only its owner, and with it its standing.
        entry.owner?.uid === other.owner?.uid
      );
    })
  );
}

/**
 * Entries per record key in send order. A record whose entries did not change keeps its previous
 * array, so memoised rows skip rendering when one record of a long queue changes.
 */
function pendingByKey(
  name: CollectionName,
  entries: readonly OutboxEntry[],
  previous: Map<number, OutboxEntry[]>,
): Map<number, OutboxEntry[]> {
  const byKey = new Map<number, OutboxEntry[]>();
  for (const entry of entries) {
    if (entry.collection !== name || entry.recordKey === null) continue;
    const list = byKey.get(entry.recordKey);
    if (list) list.push(entry);
    else byKey.set(entry.recordKey, [entry]);
  }
  for (const [key, list] of byKey) {
    const before = previous.get(key);
    if (before && sameEntries(before, list)) byKey.set(key, before);
  }
  return byKey;
}

/** The cached rows alone (changes queued laid over), for what needs neither the queue nor the status. */
export function useCachedRows<K extends CollectionName>(name: K): CollectionRecords[K][] | undefined {
  const views = useMemo(() => collectionViews(name), [name]);
  return useSyncExternalStore(views.subscribe, views.get) as CollectionRecords[K][] | undefined;
}

export function useCollection<K extends CollectionName>(name: K): CollectionView<K> {
  const rows = useCachedRows(name);
  const entries = useOutbox();
  const status = useSyncExternalStore(syncStatus.subscribe, () => syncStatus.get()[name]);
  const problems = useStore(problemMessages);

  const last = useRef(new Map<number, OutboxEntry[]>());
  const pending = useMemo(() => (last.current = pendingByKey(name, entries, last.current)), [name, entries]);

  const error = problemWords(problems, status.problem, status.error);
  return { ...firstLoadState(rows, status.lastSyncedAt, error), pending };
}
