// A cached list in the tests, read and written as the device stores it (segments.ts): rows put
// or deleted are appended as the sync appends them, and read back as the fold of the segments.
import { COLLECTIONS, type CollectionName, type CollectionRecords } from '../../src/shared/collections';
import { db } from '../../src/client/offline/db';
import { appendToList, readListRows, segmentsOfList } from '../../src/client/offline/segments';
import { serverRow, shownRow } from '../../src/client/offline/view-store';

export function cachedList<K extends CollectionName>(list: K) {
  type Row = CollectionRecords[K];
  const keyOf = (row: Row) => (row as Record<string, unknown>)[COLLECTIONS[list].key] as number;
  const write = (rows: readonly Row[], deleted: readonly number[]) =>
    db.transaction('rw', db.segments, db.meta, () => appendToList({ table: db.segments, meta: db.meta }, list, rows, deleted));
  const toArray = async () => (await readListRows(db.segments, list)) as unknown as Row[];
  const get = async (key: number) => (await toArray()).find((row) => keyOf(row) === key);
  return {
    put: (row: Row) => write([row], []),
    bulkPut: (rows: readonly Row[]) => write(rows, []),
    delete: (key: number) => write([], [key]),
    get,
    toArray,
    count: async () => (await toArray()).length,
    primaryKeys: async () => (await toArray()).map(keyOf),
    update: async (key: number, changes: Partial<Row>) => {
      const row = await get(key);
      if (row) await write([{ ...row, ...changes }], []);
    },
    clear: () => segmentsOfList(db.segments, list).delete(),
  };
}

/** One record as a person sees it on this device (the list read into memory first). */
export async function shownRecord<K extends CollectionName>(list: K, key: number): Promise<CollectionRecords[K] | undefined> {
  await serverRow(list, key);
  return shownRow(list, key) as CollectionRecords[K] | undefined;
}
