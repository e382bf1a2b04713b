// The lines of a record's History (issue 19, section 5): the device's own unsent changes for the
// record first (they happened last, and are not in the server's log yet), newest first, then the
// log's changes as the server ordered them (newest first, by when they happened), then the
// record's creation. Pure, for the component and its tests.
import type { AccessLogEntry } from '../../../shared/access-log';
import { isChange, isUnsent, type OutboxEntry } from '../../offline/outbox-entry';

export interface HistoryItem {
  key: string;
  kind: 'pending' | 'logged' | 'created';
  /** What happened, in words. */
  what: string;
  /** Who (a staff name, else their email); null when unknown. */
  who: string | null;
  /** When it happened (an ISO instant; a change made offline: on the device). */
  at: string;
  /** Made while the device was offline. */
  offline: boolean;
}

export interface HistoryWords {
  logged(entry: AccessLogEntry): string;
  pending(entry: OutboxEntry): string;
  created: string;
}

/** The record's unsent changes, from all of the device's queue. */
export function unsentFor(entries: readonly OutboxEntry[], list: string, id: number): OutboxEntry[] {
  return entries.filter((entry) => isChange(entry) && isUnsent(entry) && entry.collection === list && entry.recordKey === id);
}

export function historyItems(
  logged: readonly AccessLogEntry[],
  unsent: readonly OutboxEntry[],
  words: HistoryWords,
  created?: string | null,
): HistoryItem[] {
  const pending = [...unsent]
    .sort((a, b) => b.createdAt - a.createdAt || (b.seq ?? 0) - (a.seq ?? 0))
    .map(
      (entry): HistoryItem => ({
        key: `pending:${entry.id}`,
        kind: 'pending',
        what: words.pending(entry),
        who: entry.owner?.name ?? entry.owner?.email ?? null,
        at: new Date(entry.createdAt).toISOString(),
        offline: entry.offline === true,
      }),
    );
  const fromLog = logged.map(
    (entry): HistoryItem => ({
      key: `log:${entry.entry_id}`,
      kind: 'logged',
      what: words.logged(entry),
      who: entry.actor_name,
      at: entry.occurred_at,
      offline: entry.offline,
    }),
  );
  const creation: HistoryItem[] = created ? [{ key: 'created', kind: 'created', what: words.created, who: null, at: created, offline: false }] : [];
  return [...pending, ...fromLog, ...creation];
}
