// A cached row and the record the UI sees: pure functions, no database (db.ts's change capture
// uses them, so they must not import it back).
import { COLLECTIONS, type CollectionName } from '../../shared/collections';
import type { CachedMeta } from './db';
import type { OutboxEntry } from './outbox-entry';

export type Plain = Record<string, unknown>;
export type Row = Plain & CachedMeta;

export function applyPatch<T extends object>(record: T, entry: Pick<OutboxEntry, 'patch'>): T {
  return { ...record, ...entry.patch };
}

/** The record as the UI sees it: bookkeeping removed. */
export function toView<T = Plain>(row: object): T {
  const { _base: _b, _confirmedAt: _c, ...view } = row as Row;
  return view as T;
}

/** The last server version of a cached row. */
export function baseOf(row: object): Plain {
  return (row as Row)._base ?? toView(row);
}

export function recordKeyOf(collection: CollectionName, record: object): number {
  return (record as Plain)[COLLECTIONS[collection].key] as number;
}

/** The row to store: `base` with the in-flight `entries` (already in seq order) laid over it. */
export function buildRow(base: Plain, entries: readonly OutboxEntry[], confirmedAt?: number): Row {
  const plainBase = toView(base);
  const row: Row = entries.length === 0 ? { ...plainBase } : { ...entries.reduce(applyPatch, plainBase), _base: plainBase };
  if (confirmedAt !== undefined) row._confirmedAt = confirmedAt;
  return row;
}
