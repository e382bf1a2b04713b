// Records as a person sees them, read from the device: the server's rows with this device's
// changes laid over them (overlay.ts). Rows are read from the lists in memory (view-store.ts),
// which hold every cached list whole once a screen has asked for it.
import type { CollectionName } from '../../shared/collections';
import { db } from './db';
import type { OutboxEntry } from './outbox-entry';

/** The entries of one record, in send order. Joins the caller's transaction. */
export async function entriesOfRecord(collection: CollectionName, key: number): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[collection+recordKey]').equals([collection, key]).toArray();
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}
