// Records as a person sees them, read from the device: the server's rows with this device's
// changes laid over them (overlay.ts). For reads outside the in-memory lists (view-store.ts): one
// record, a patient's records. Inside a Dexie live query they follow both the rows and the outbox.
import { COLLECTIONS, type CollectionName, type CollectionRecords } from '../../shared/collections';
import { collectionTable, db, type PatientLinkedName } from './db';
import type { OutboxEntry } from './outbox-entry';
import { entriesByKey, overlay } from './overlay';

/** The entries of one record, in send order. Joins the caller's transaction. */
export async function entriesOfRecord(collection: CollectionName, key: number): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[collection+recordKey]').equals([collection, key]).toArray();
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** One record as shown, or undefined when the device does not hold it. */
export async function shownRecord<K extends CollectionName>(collection: K, key: number): Promise<CollectionRecords[K] | undefined> {
  const row = await collectionTable(collection).get(key);
  return row ? overlay(row, await entriesOfRecord(collection, key)) : undefined;
}

/** A patient's records of one list (by `user_id`), as shown. */
export async function shownRecordsOfPatient<K extends PatientLinkedName>(collection: K, userId: number): Promise<CollectionRecords[K][]> {
  const [rows, entries] = await Promise.all([
    collectionTable(collection).where('user_id').equals(userId).toArray(),
    db.outbox.where('[collection+recordKey]').between([collection, -Infinity], [collection, Infinity], true, true).toArray(),
  ]);
  const byKey = entriesByKey(entries);
  return rows.map((row) => {
    const key = (row as Record<string, unknown>)[COLLECTIONS[collection].key] as number;
    const own = byKey.get(key);
    return own ? overlay(row, own) : row;
  }) as CollectionRecords[K][];
}
