// The device's copy of the data: one table per collection (keyed as the spec keys it), the
// outbox of unsent changes and a small key/value table. Patient data lives only here (never in
// Cache Storage), so deleting this database is the whole of a logout wipe.
import { Dexie, type EntityTable, type Table } from 'dexie';
import { COLLECTIONS, type CollectionName, type CollectionRecords } from '../../shared/collections';
import type { OutboxEntry } from './outbox-entry';

export const DB_NAME = 'pharmacy-offline';

/** Bookkeeping kept on a cached record, stripped before the UI sees it. */
export interface CachedMeta {
  /** The last server version, kept while changes are unsent: the view is rebuilt from it. */
  _base?: Record<string, unknown>;
  /** Local time the server last confirmed this record through a mutation response. */
  _confirmedAt?: number;
}

export type CachedRecord<K extends CollectionName = CollectionName> = CollectionRecords[K] & CachedMeta;

export interface MetaRow {
  key: string;
  value: unknown;
}

export type CollectionTables = { [K in CollectionName]: Table<CachedRecord<K>, number> };

export type OfflineDb = Dexie & CollectionTables & {
  outbox: EntityTable<OutboxEntry, 'seq'>;
  meta: EntityTable<MetaRow, 'key'>;
};

function createDb(): OfflineDb {
  const db = new Dexie(DB_NAME) as OfflineDb;
  const collectionStores = Object.fromEntries(
    Object.values(COLLECTIONS).map((info) => [info.name, info.key]),
  );
  db.version(1).stores({
    ...collectionStores,
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  return db;
}

export const db: OfflineDb = createDb();

export function collectionTable<K extends CollectionName>(name: K): Table<CachedRecord<K>, number> {
  return db[name] as unknown as Table<CachedRecord<K>, number>;
}
