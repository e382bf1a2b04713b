// How the device keeps a cached list (issue 22): not one IndexedDB record per row, but a list's
// rows in large records, "segments", keyed [list, seg]. IndexedDB's cost is per record far more
// than per byte: 100,000 rows written one record each take 17-26 times as long as the same rows
// in 5,000-row records. A list is the fold of its segments in order: each puts its rows (by key,
// the last word on a key wins) and deletes its `deleted` keys. So a sync page, a delta of one
// change or of a thousand, is one new segment written in the page's transaction (with its
// cursor): nothing already written is rewritten, and a list is read back with one range read.
// Small segments pile up (a live change each); once enough have, the list is compacted: read,
// folded and written again as full segments. A compaction changes no row, so its segments say so
// (`compacted`) and the lists in memory skip them (view-store.ts).
//
// A large sync page from the sync worker is one segment holding the server's gzip of the page as
// it was sent (`packed`, packed.ts): twelve times fewer bytes to store than its rows. Its rows are
// unpacked when the list is read back (`openSegment`), which cannot happen inside a transaction
// (IndexedDB commits one left waiting on anything else): a compaction is folded beforehand
// (`planCompaction`) and written only if the list's segments are still the ones it read. A sync
// from 0 over a list already held ends by deleting the segments from before it (`planSweep`),
// its own pages holding every row the server listed: nothing is written again.
import type { EntityTable, Table } from 'dexie';
import type { MetaRow } from './db';
import { COLLECTIONS, type CollectionName } from '../../shared/collections';
import { nextTask } from './next-task';
import { unpackText } from './packed';
import { parsePageRows, ROWS_PER_TASK } from './page-pieces';

type Plain = Record<string, unknown>;

export interface Segment {
  list: CollectionName;
  /** Order of the segments of a list: later ones have the last word. */
  seg: number;
  /** Rows as the server sent them; none in a packed segment (`packed` holds them). */
  rows?: object[];
  /** Keys the server deleted. */
  deleted: number[];
  /** A sync page as the server sent it, gzipped (packed.ts): its `items` are the rows. */
  packed?: Uint8Array;
  /** Written by a compaction: rows already in the list, nothing to tell the lists in memory. */
  compacted?: true;
}

/** A segment with its rows at hand (a packed one unpacked). */
export interface OpenSegment extends Segment {
  rows: object[];
}

export type SegmentTable = Table<Segment, [CollectionName, number]>;

/** Rows per segment: a segment read or written stays a short task (about 10 ms). */
export const SEGMENT_ROWS = ROWS_PER_TASK;
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

/** A segment's rows at hand: a packed one's unpacked, and parsed a piece a task (page-pieces.ts). */
export async function openSegment(segment: Segment): Promise<OpenSegment> {
  const { list, seg, deleted, packed } = segment;
  if (!packed) return { ...segment, rows: segment.rows ?? [] };
  return { list, seg, deleted, rows: await parsePageRows(await unpackText(packed)) };
}

/** Segments opened in order, each packed one from a task of its own (20 of them are 200-400 ms of work). */
async function openSegments(segments: readonly Segment[]): Promise<OpenSegment[]> {
  const opened: OpenSegment[] = [];
  for (const segment of segments) {
    if (segment.packed && opened.length > 0) await nextTask();
    opened.push(await openSegment(segment));
  }
  return opened;
}

/** The list the segments make: rows by key, in the order their keys first came (stable positions). */
function foldSegments(list: CollectionName, segments: readonly OpenSegment[]): Map<number, Plain> {
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

/** The number of a list's last segment (0: none): a sync from 0 sweeps the segments up to it. */
export async function lastSeg(table: SegmentTable, list: CollectionName): Promise<number> {
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

/** A compaction folded ahead of the transaction that writes it (`appendToList`). */
export interface CompactionPlan {
  /** The segments folded, by number: replaced only if they are still the list's segments. */
  segs: number[];
  /** The list they make, in order. */
  rows: Plain[];
}

/**
 * The end of a sync from 0 over a list already held: the segments written before it (every row
 * they hold the sync has written again, or the server no longer lists) go, and the keys the
 * server did not list are told deleted.
 */
export interface SweepPlan {
  segs: number[];
  /** Keys held before the sync that the server did not list. */
  gone: number[];
}

/**
 * Folds a list for its compaction, outside any transaction (its packed pages are unpacked), once
 * small segments have piled up; null when the list needs none.
 */
export async function planCompaction(tables: ListTables, list: CollectionName): Promise<CompactionPlan | null> {
  const counter = await tables.meta.get(segmentsKey(list));
  if (typeof counter?.value !== 'number' || counter.value < SMALL_SEGMENTS_BEFORE_COMPACTION) return null;
  const stored = await readSegments(tables.table, list);
  return { segs: stored.map((segment) => segment.seg), rows: [...foldSegments(list, await openSegments(stored)).values()] };
}

/**
 * The sweep at the end of a sync from 0 that began after segment `upTo` (lastSegment), outside
 * any transaction: the keys of the segments up to it that are not in `seen` (every key the
 * server listed).
 */
export async function planSweep(table: SegmentTable, list: CollectionName, upTo: number, seen: ReadonlySet<number>): Promise<SweepPlan> {
  const before = await table.where('[list+seg]').between([list, -Infinity], [list, upTo], true, true).toArray();
  const held = foldSegments(list, await openSegments(before));
  return { segs: before.map((segment) => segment.seg), gone: [...held.keys()].filter((key) => !seen.has(key)) };
}

export interface AppendOptions {
  /** The list's compaction, folded beforehand (planCompaction), written first. */
  plan?: CompactionPlan | null;
  /** The sweep of a sync from 0 (planSweep), written first. */
  sweep?: SweepPlan;
  /** The page as the server sent it, gzipped: stored as one packed segment instead of `rows`. */
  packed?: Uint8Array;
}

/**
 * Appends rows and deletions to a list as new segments, inside the caller's transaction (which
 * holds `segments` and `meta` read-write), after the compaction `plan` or the `sweep`, if any: so
 * the segments appended here stay for the other contexts to read. Answers the keys swept.
 */
export async function appendToList(
  tables: ListTables,
  list: CollectionName,
  rows: readonly object[],
  deleted: readonly number[],
  { plan, sweep, packed }: AppendOptions = {},
): Promise<number[]> {
  const counter = await tables.meta.get(segmentsKey(list));
  let small = typeof counter?.value === 'number' ? counter.value : 0;
  if (plan && (await compact(tables, list, plan))) small = 0;
  let next = (await lastSeg(tables.table, list)) + 1;
  if (sweep) {
    small = 0;
    // Segments a compaction elsewhere folded away since are gone already; their rows, in the
    // segments it wrote, are told deleted all the same by the last segment.
    await tables.table.bulkDelete(sweep.segs.map((seg) => [list, seg] as [CollectionName, number]));
    if (sweep.gone.length > 0) await tables.table.put({ list, seg: next++, rows: [], deleted: sweep.gone });
  }
  if (packed) {
    await tables.table.put({ list, seg: next, deleted: [...deleted], packed });
  } else if (rows.length > 0 || deleted.length > 0) {
    await tables.table.bulkPut(cut(list, next, rows, deleted, false));
    if (rows.length + deleted.length < SMALL_SEGMENT) small += 1;
  }
  await tables.meta.put({ key: segmentsKey(list), value: small });
  return sweep?.gone ?? [];
}

/**
 * Writes a list again as full segments (in the caller's transaction), from its plan, if another
 * context wrote nothing to the list since the plan was folded; otherwise the compaction waits for
 * the next write, and the answer is false.
 */
async function compact({ table }: ListTables, list: CollectionName, plan: CompactionPlan): Promise<boolean> {
  const now = await segmentsOfList(table, list).primaryKeys();
  if (now.length !== plan.segs.length || now.some(([, seg], i) => seg !== plan.segs[i])) return false;
  await table.bulkDelete(plan.segs.map((seg) => [list, seg] as [CollectionName, number]));
  await table.bulkPut(plan.rows.length > 0 ? cut(list, (plan.segs.at(-1) ?? 0) + 1, plan.rows, [], true) : []);
  return true;
}

/** A list's rows as its first segments (the upgrade moving a device's per-row cache into segments). */
export function segmentsOf(list: CollectionName, rows: readonly object[]): Segment[] {
  return rows.length > 0 ? cut(list, 1, rows, [], true) : [];
}

/**
 * A list's rows as the server last sent them, in their stable order: its segments in one read,
 * then unpacked (outside any transaction: call it in none).
 */
export async function readListRows(table: SegmentTable, list: CollectionName): Promise<Plain[]> {
  return [...foldSegments(list, await openSegments(await readSegments(table, list))).values()];
}
