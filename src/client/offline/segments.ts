// How the device keeps a cached list (issue 22): not one IndexedDB record per row, but a list's
// rows in large records, "segments", keyed [list, seg]. IndexedDB's cost is per record far more
// than per byte: 100,000 rows written one record each take 17-26 times as long as the same rows
// in 5,000-row records. A list is the fold of its segments in order: each puts its rows (by key,
// the last word on a key wins) and deletes its `deleted` keys. So a sync page, a delta of one
// change or of a thousand, is one new segment written in the page's transaction (with its
// cursor): nothing already written is rewritten, and a list is read back with one range read.
// Small segments pile up (a live change each); once enough have, the list is compacted: read,
// folded and written again as full segments in one transaction. A compaction changes no row, so
// its segments say so (`compacted`) and the lists in memory skip them (view-store.ts).
import type { EntityTable, Table } from 'dexie';
import type { MetaRow } from './db';
import { COLLECTIONS, type CollectionName } from '../../shared/collections';

type Plain = Record<string, unknown>;

export interface Segment {
  list: CollectionName;
  /** Order of the segments of a list: later ones have the last word. */
  seg: number;
  /** Rows as the server sent them. */
  rows: object[];
  /** Keys the server deleted. */
  deleted: number[];
  /** Written by a compaction: rows already in the list, nothing to tell the lists in memory. */
  compacted?: true;
}

export type SegmentTable = Table<Segment, [CollectionName, number]>;

/** Rows per segment: a segment read or written stays a short task (about 10 ms). */
export const SEGMENT_ROWS = 1000;
/** Segments of fewer rows than this count towards a compaction. */
const SMALL_SEGMENT = SEGMENT_ROWS / 4;
/** Small segments a list may gather before it is compacted. */
const SMALL_SEGMENTS_BEFORE_COMPACTION = 64;

/** The meta row counting a list's small segments since its last compaction. */
function segmentsKey(list: CollectionName): string {
  return `segments:${list}`;
}

/** A list's segments, in order. */
export function segmentsOfList(table: SegmentTable, list: CollectionName) {
  return table.where('[list+seg]').between([list, -Infinity], [list, Infinity], true, true);
}

/** Every segment of a list, in order (one range read). */
function readSegments(table: SegmentTable, list: CollectionName): Promise<Segment[]> {
  return segmentsOfList(table, list).toArray();
}

/** The list the segments make: rows by key, in the order their keys first came (stable positions). */
function foldSegments(list: CollectionName, segments: readonly Segment[]): Map<number, Plain> {
  const key = COLLECTIONS[list].key;
  const rows = new Map<number, Plain>();
  for (const segment of segments) {
    for (const row of segment.rows as Plain[]) rows.set(row[key] as number, row);
    for (const gone of segment.deleted) rows.delete(gone);
  }
  return rows;
}

/** Whether a list has any segment. */
export async function hasSegments(table: SegmentTable, list: CollectionName): Promise<boolean> {
  return (await segmentsOfList(table, list).limit(1).count()) > 0;
}

async function lastSeg(table: SegmentTable, list: CollectionName): Promise<number> {
  const keys = await segmentsOfList(table, list).reverse().limit(1).primaryKeys();
  return keys[0]?.[1] ?? 0;
}

/** Rows (and deletions, with the last) as segments numbered from `first`; at least one. */
function cut(list: CollectionName, first: number, rows: readonly object[], deleted: readonly number[], compacted: boolean): Segment[] {
  const count = Math.max(1, Math.ceil(rows.length / SEGMENT_ROWS));
  return Array.from({ length: count }, (_, i) => ({
    list,
    seg: first + i,
    rows: rows.slice(i * SEGMENT_ROWS, (i + 1) * SEGMENT_ROWS),
    deleted: i === count - 1 ? [...deleted] : [],
    ...(compacted ? { compacted: true as const } : {}),
  }));
}

interface ListTables {
  table: SegmentTable;
  meta: EntityTable<MetaRow, 'key'>;
}

/**
 * Appends rows and deletions to a list as new segments, inside the caller's transaction (which
 * holds `segments` and `meta` read-write). When small segments have piled up, or `sweepExcept`
 * is given (every key the server listed, on the last page of a sync from 0: other rows go), the
 * list is compacted first, so the segments appended here stay for the other contexts to read.
 * Answers the keys swept.
 */
export async function appendToList(
  tables: ListTables,
  list: CollectionName,
  rows: readonly object[],
  deleted: readonly number[],
  sweepExcept?: ReadonlySet<number>,
): Promise<number[]> {
  const counter = await tables.meta.get(segmentsKey(list));
  let small = typeof counter?.value === 'number' ? counter.value : 0;
  let swept: number[] = [];
  if (sweepExcept || small >= SMALL_SEGMENTS_BEFORE_COMPACTION) {
    swept = await compact(tables, list, sweepExcept);
    small = 0;
  }
  if (rows.length > 0 || deleted.length > 0) {
    await tables.table.bulkPut(cut(list, (await lastSeg(tables.table, list)) + 1, rows, deleted, false));
    if (rows.length + deleted.length < SMALL_SEGMENT) small += 1;
  }
  await tables.meta.put({ key: segmentsKey(list), value: small });
  return swept;
}

/**
 * Writes a list again as full segments (in the caller's transaction). The rows `sweepExcept`
 * does not name are deleted in a last, ordinary segment, so the lists in memory hear of it.
 * Answers their keys.
 */
async function compact({ table }: ListTables, list: CollectionName, sweepExcept?: ReadonlySet<number>): Promise<number[]> {
  const old = await readSegments(table, list);
  const rows = foldSegments(list, old);
  const gone = sweepExcept ? [...rows.keys()].filter((key) => !sweepExcept.has(key)) : [];
  for (const key of gone) rows.delete(key);
  await table.bulkDelete(old.map((segment) => [list, segment.seg] as [CollectionName, number]));
  const first = (old.at(-1)?.seg ?? 0) + 1;
  const kept = rows.size > 0 ? cut(list, first, [...rows.values()], [], true) : [];
  await table.bulkPut(kept);
  if (gone.length > 0) await table.put({ list, seg: first + kept.length, rows: [], deleted: gone });
  return gone;
}

/** A list's rows as its first segments (the upgrade moving a device's per-row cache into segments). */
export function segmentsOf(list: CollectionName, rows: readonly object[]): Segment[] {
  return rows.length > 0 ? cut(list, 1, rows, [], true) : [];
}

/** A list's rows as the server last sent them, in their stable order. */
export async function readListRows(table: SegmentTable, list: CollectionName): Promise<Plain[]> {
  return [...foldSegments(list, await readSegments(table, list)).values()];
}
