// The device's copy of the data: the cached lists in segments (segments.ts; until version 9 one
// table per collection, a record per row), the outbox of unsent changes and a small key/value
// table. Patient data lives only here (never in
// Cache Storage), so deleting this database is the whole of a logout wipe.
import { Dexie, type EntityTable } from 'dexie';
import { COLLECTIONS, PRESCRIPTION_COLLECTION_NAMES, type CollectionName } from '../../shared/collections';
import type { OutboxEntry } from './outbox-entry';
import { migrateEntry, type LegacyEntry } from './outbox-migrate';
import { openSegment, readListRows, segmentsOf, type SegmentTable } from './segments';
import { viewMiddleware } from './view-store';

export const DB_NAME = 'pharmacy-offline';

export interface MetaRow {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  segments: SegmentTable;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  meta: EntityTable<MetaRow, 'key'>;
};

function createDb(): OfflineDb {
  const db = new Dexie(DB_NAME) as OfflineDb;
  const collectionStores = Object.fromEntries(collectionsOf(7).map((info) => [info.name, info.key]));
  const stores = {
    ...collectionStores,
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  };
  // Version 1 held the five prescription lists; 2 adds appointments, patients and inquiries.
  // Dexie opens an older database and adds the new tables, keeping the queue and the cache.
  db.version(2).stores(stores);
  // Version 3: outbox entries name their owner (outbox-entry.ts). Older code still opens this
  // database (Dexie opens a newer one as it is) and leaves entries of a newer schema alone.
  db.version(3)
    .stores(stores)
    .upgrade((tx) =>
      tx
        .table('outbox')
        .toCollection()
        .modify((entry: OutboxEntry) => {
          entry.owner ??= null;
          entry.schemaVersion = Math.max(entry.schemaVersion, 2);
        }),
    );
  // Version 4: the lists that name a patient are indexed by `user_id`, so a patient's page
  // finds their own records without reading whole lists.
  db.version(4).stores({
    ...stores,
    ...Object.fromEntries(PATIENT_LINKED.map((name) => [name, `${COLLECTIONS[name].key}, user_id`])),
  });
  // Version 5: the prescription lists are indexed by `created_at` (ISO instants in UTC, so the
  // text order is the time order), so a visit reads the newest rows first (view-store.ts); every
  // list by `_confirmedAt`, a sparse index (few rows carry it) a sync page checks instead of
  // reading each of its rows first (delta-page.ts).
  db.version(5).stores(indexedStores(true, 7));
  // Version 6 (issue 17): rows are kept exactly as the server sent them, and unsent changes are
  // laid over them when read (overlay.ts). A row a change was written into goes back to its
  // server version (`_base`), and `_confirmedAt` goes: only the rows of queued changes and the
  // rows of the sparse `_confirmedAt` index carry either, so no other row is read. Outbox entries
  // name their action and arguments (outbox-migrate.ts). Version 7 drops that index.
  db.version(6)
    .stores(indexedStores(true, 7))
    .upgrade(async (tx) => {
      const outbox = tx.table('outbox');
      for (const entry of (await outbox.toArray()) as (OutboxEntry | LegacyEntry)[]) {
        if (entry.collection === null || entry.recordKey === null) continue;
        const table = tx.table(entry.collection);
        const row = (await table.get(entry.recordKey)) as Record<string, unknown> | undefined;
        if (row?._base) await table.put(row._base);
        await outbox.put(migrateEntry(entry));
      }
      for (const info of collectionsOf(7)) {
        await tx
          .table(info.name)
          .where('_confirmedAt')
          .above(-Infinity)
          .modify((row: Record<string, unknown>) => {
            delete row._confirmedAt;
          });
      }
    });
  db.version(7).stores(indexedStores(false, 7));
  // Version 8 (issue 19): the saved replies, a list like the others (no patient data in it).
  db.version(8).stores(indexedStores(false, 8));
  // Version 9 (issue 19): the staff directory, whom "Assign to…" offers (no patient data in it).
  db.version(9).stores(indexedStores(false, 9));
  // Version 10 (issue 22): the lists move into segments (segments.ts), a device's rows as they
  // are (its cursors and queued changes untouched); version 11 drops the per-row tables.
  db.version(10)
    .stores({ ...indexedStores(false, 9), segments: '[list+seg]' })
    .upgrade(async (tx) => {
      for (const info of collectionsOf(9)) {
        await tx.table('segments').bulkPut(segmentsOf(info.name, await tx.table(info.name).toArray()));
      }
    });
  db.version(11).stores({
    ...Object.fromEntries(collectionsOf(9).map((info) => [info.name, null])),
    segments: '[list+seg]',
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  // An entry written after this upgrade by a tab still running an older version is read in
  // today's shape too.
  db.outbox.hook('reading', (entry: OutboxEntry | LegacyEntry | undefined) => entry && migrateEntry(entry));
  // Every committed write to a list patches its in-memory view (view-store.ts).
  db.use(
    viewMiddleware(
      (name) => readListRows(db.segments, name),
      // One segment a read, each in its own task: a page's 5,000 rows read at once kept the main
      // thread 50-60 ms (their deserialisation), one segment's 1,000 take about a fifth of that.
      async (name, segs) => {
        const segments = [];
        for (const seg of segs) {
          const stored = await db.segments.get([name, seg]);
          segments.push(stored && (await openSegment(stored)));
        }
        return segments;
      },
      (name) =>
        db.outbox.where('[collection+recordKey]').between([name, -Infinity], [name, Infinity], true, true).toArray(),
    ),
  );
  return db;
}

/** The cached lists whose records carry the patient's `user_id` (null for a guest). */
export const PATIENT_LINKED = [
  'transfers',
  'refills',
  'autofill',
  'reminders',
  'appointments',
  'inquiries',
] as const satisfies readonly CollectionName[];
export type PatientLinkedName = (typeof PATIENT_LINKED)[number];

/** The lists whose screens show the newest request first (indexed by `created_at`). */
const NEWEST_FIRST = new Set<CollectionName>(PRESCRIPTION_COLLECTION_NAMES);

/** The version that added each list after version 7; older versions are declared without it. */
const ADDED_IN: Partial<Record<CollectionName, number>> = { savedReplies: 8, staff: 9 };

/** The lists a version of the database holds. */
function collectionsOf(version: number): { name: CollectionName; key: string }[] {
  return Object.values(COLLECTIONS).filter((info) => (ADDED_IN[info.name] ?? 0) <= version);
}

/** Every list of `version` keyed as the spec keys it, with its indexes (versions 5 and 6 also `_confirmedAt`). */
function indexedStores(confirmedAt: boolean, version: number): Record<string, string> {
  return Object.fromEntries(
    collectionsOf(version).map((info) => {
      const indexes = [
        info.key,
        ...((PATIENT_LINKED as readonly string[]).includes(info.name) ? ['user_id'] : []),
        ...(NEWEST_FIRST.has(info.name) ? ['created_at'] : []),
        ...(confirmedAt ? ['_confirmedAt'] : []),
      ];
      return [info.name, indexes.join(', ')];
    }),
  );
}

export const db: OfflineDb = createDb();
