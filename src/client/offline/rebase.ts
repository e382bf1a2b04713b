// The one way server data enters the cache. A cached record with unsent changes keeps the last
// server version in `_base`; what the UI sees is always that base with the unsent changes laid
// over it in send order. So a server version can arrive at any time (a sync page, a response, a
// 409) without losing a queued change, and dropping a change is just rebuilding from the base.
import type { CollectionName } from '../../shared/collections';
import { baseOf, buildRow, recordKeyOf, type Plain, type Row } from './cached-row';
import { collectionTable, db } from './db';
import { isInFlight, type OutboxEntry } from './outbox-entry';

function bySeq(a: OutboxEntry, b: OutboxEntry): number {
  return (a.seq ?? 0) - (b.seq ?? 0);
}

/** Every outbox entry of one record, in send order. Joins the caller's transaction. */
export async function entriesOfRecord(collection: CollectionName, key: number): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[collection+recordKey]').equals([collection, key]).toArray();
  return entries.sort(bySeq);
}

/** Every outbox entry of a collection grouped by record key, in send order. */
export async function entriesOfCollection(collection: CollectionName): Promise<Map<number, OutboxEntry[]>> {
  const entries = await db.outbox
    .where('[collection+recordKey]')
    .between([collection, -Infinity], [collection, Infinity], true, true)
    .toArray();
  const byKey = new Map<number, OutboxEntry[]>();
  for (const entry of entries.sort(bySeq)) {
    const list = byKey.get(entry.recordKey);
    if (list) list.push(entry);
    else byKey.set(entry.recordKey, [entry]);
  }
  return byKey;
}

export interface RebaseOptions {
  /** Set when the version comes straight from a mutation's answer (see sync-engine races). */
  confirmedAt?: number;
}

/**
 * Stores `serverRecord` as the new base of its record and lays the still-unsent changes over it.
 * Must run inside a rw transaction over the collection's table and the outbox.
 */
export async function rebaseRecord(
  collection: CollectionName,
  serverRecord: object,
  options: RebaseOptions = {},
): Promise<void> {
  const key = recordKeyOf(collection, serverRecord);
  const table = collectionTable(collection);
  const [entries, existing] = await Promise.all([entriesOfRecord(collection, key), table.get(key)]);
  const confirmedAt = options.confirmedAt ?? (existing as Row | undefined)?._confirmedAt;
  await table.put(buildRow(serverRecord as Plain, entries.filter(isInFlight), confirmedAt) as never);
}

/** Rebuilds a record's view from its stored base (after an entry was dropped or re-queued). */
export async function rebuildRecord(collection: CollectionName, key: number): Promise<void> {
  const table = collectionTable(collection);
  const existing = (await table.get(key)) as Row | undefined;
  if (!existing) return;
  const entries = await entriesOfRecord(collection, key);
  await table.put(buildRow(baseOf(existing), entries.filter(isInFlight), existing._confirmedAt) as never);
}
