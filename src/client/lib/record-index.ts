// Client-side search and filter of a cached list (spec section 5), built for 100,000 cached rows:
// the lowercase text of a field and the newest-first order are computed once per list version, so
// a keystroke costs one pass of `includes` over strings that already exist. Every two-pane list
// (prescriptions, messages) filters through it; what a filter keeps is the list's own predicate.
// Built as steps (sliced.ts): a screen builds a large list's index a slice at a time.

import { runToEnd, type Steps } from './sliced';

export interface FilterableRecord {
  created_at: string;
}

export interface RecordIndex<T extends FilterableRecord> {
  readonly rows: readonly T[];
  /** Row positions, newest `created_at` first, then highest key first. */
  readonly order: Int32Array;
  /** Row position of a record key. */
  positionOf(key: number): number | undefined;
  /** Lowercase text of `field` for every row, built on first use and kept. */
  haystack(field: keyof T & string): readonly string[];
}

export interface FilterQuery<T> {
  field: keyof T & string;
  query: string;
  /** The list's filter (status, inquiry state…); absent: every row. */
  keep?: ((row: T) => boolean) | null;
}

function timeOf(value: string): number {
  const time = Date.parse(value);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** What a patch needs of the index it starts from (kept out of the public shape). */
interface IndexInternals {
  key: string;
  times: Float64Array;
  keys: Float64Array;
  haystacks: Map<string, string[]>;
}

const internals = new WeakMap<object, IndexInternals>();

/** How `rows` differs from the rows of the index it is patched from. */
export interface IndexPatch<T extends FilterableRecord> {
  from: RecordIndex<T>;
  /** Positions whose row changed, was appended or moved (the rest are the same records). */
  touched: readonly number[];
}

/** Rows handled between two yields of the steps (well under a millisecond of work). */
const STEP_ROWS = 2048;

function makeIndex<T extends FilterableRecord>(
  rows: readonly T[],
  order: Int32Array,
  state: IndexInternals,
): RecordIndex<T> {
  const { keys } = state;
  const index: RecordIndex<T> = {
    rows,
    order,
    // A native scan of a typed array (well under a millisecond for 100,000 keys) beats building
    // a Map on every list version.
    positionOf(value) {
      const position = keys.indexOf(value);
      return position === -1 ? undefined : position;
    },
    haystack(field) {
      return runToEnd(haystackSteps(index, field));
    },
  };
  internals.set(index, state);
  return index;
}

/** The lowercase text of `field` for every row of the index, kept with it (a search reads it). */
export function* haystackSteps<T extends FilterableRecord>(index: RecordIndex<T>, field: keyof T & string): Steps<readonly string[]> {
  const { haystacks } = internals.get(index)!;
  const built = haystacks.get(field);
  if (built) return built;
  const { rows } = index;
  const count = rows.length;
  const text = new Array<string>(count);
  for (let i = 0; i < count; i += 1) {
    text[i] = normalised((rows[i] as T)[field]);
    if (i % STEP_ROWS === STEP_ROWS - 1) yield;
  }
  // Another run may have built it meanwhile: the first one kept is the one answered.
  const kept = haystacks.get(field);
  if (kept) return kept;
  haystacks.set(field, text);
  return text;
}

function normalised(value: unknown): string {
  return value == null ? '' : String(value).toLowerCase();
}

/** Newest first, then highest key first. */
function displayOrder(times: Float64Array, keys: Float64Array): (a: number, b: number) => number {
  return (a, b) => (times[b] as number) - (times[a] as number) || (keys[b] as number) - (keys[a] as number);
}

/** `order` sorted by `before`: runs sorted natively, then merged pairwise, a few thousand at a step. */
function* sortSteps(order: Int32Array, before: (a: number, b: number) => number): Steps<Int32Array> {
  const count = order.length;
  for (let start = 0; start < count; start += STEP_ROWS) {
    order.subarray(start, start + STEP_ROWS).sort(before);
    yield;
  }
  let from: Int32Array = order;
  let to: Int32Array = new Int32Array(count);
  for (let width = STEP_ROWS; width < count; width *= 2) {
    let out = 0;
    for (let low = 0; low < count; low += 2 * width) {
      const middle = Math.min(low + width, count);
      const high = Math.min(low + 2 * width, count);
      let left = low;
      let right = middle;
      while (left < middle && right < high) {
        to[out++] = before(from[right] as number, from[left] as number) < 0 ? (from[right++] as number) : (from[left++] as number);
        if (out % STEP_ROWS === 0) yield;
      }
      to.set(from.subarray(left, middle), out);
      out += middle - left;
      to.set(from.subarray(right, high), out);
      out += high - right;
    }
    [from, to] = [to, from];
    yield;
  }
  return from;
}

/**
 * The index of `rows`, built now. With `patch`, only the touched positions are computed again:
 * the text and keys of the others are copied and the order is merged (a sync page or an outbox
 * answer changes a few thousand rows of 100,000; the whole list is not sorted again).
 */
export function buildIndex<T extends FilterableRecord>(
  rows: readonly T[],
  key: keyof T & string,
  patch?: IndexPatch<T>,
): RecordIndex<T> {
  return runToEnd(indexSteps(rows, key, patch));
}

/** `buildIndex` as steps (sliced.ts), to build it a slice at a time. */
export function indexSteps<T extends FilterableRecord>(
  rows: readonly T[],
  key: keyof T & string,
  patch?: IndexPatch<T>,
): Steps<RecordIndex<T>> {
  const previous = patch ? internals.get(patch.from) : undefined;
  if (patch && previous && previous.key === key) return patchSteps(rows, key, patch, previous);
  return buildSteps(rows, key);
}

function* buildSteps<T extends FilterableRecord>(rows: readonly T[], key: keyof T & string): Steps<RecordIndex<T>> {
  const count = rows.length;
  const times = new Float64Array(count);
  const keys = new Float64Array(count);
  const order = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    const row = rows[i] as T;
    times[i] = timeOf(row.created_at);
    keys[i] = Number(row[key]);
    order[i] = i;
    if (i % STEP_ROWS === STEP_ROWS - 1) yield;
  }
  const sorted = yield* sortSteps(order, displayOrder(times, keys));
  return makeIndex(rows, sorted, { key, times, keys, haystacks: new Map() });
}

function* patchSteps<T extends FilterableRecord>(
  rows: readonly T[],
  key: keyof T & string,
  { from, touched }: IndexPatch<T>,
  previous: IndexInternals,
): Steps<RecordIndex<T>> {
  const count = rows.length;
  const times = new Float64Array(count);
  const keys = new Float64Array(count);
  const kept = Math.min(count, previous.times.length);
  times.set(previous.times.subarray(0, kept));
  keys.set(previous.keys.subarray(0, kept));
  const changed = new Uint8Array(count);
  const fresh: number[] = [];
  for (const position of touched) {
    if (position >= count || changed[position]) continue;
    changed[position] = 1;
    fresh.push(position);
    const row = rows[position] as T;
    times[position] = timeOf(row.created_at);
    keys[position] = Number(row[key]);
    if (fresh.length % STEP_ROWS === 0) yield;
  }
  const before = displayOrder(times, keys);
  const freshOrder = yield* sortSteps(Int32Array.from(fresh), before);

  // Merge: the old order without the touched (or vanished) positions, with the touched ones in.
  const order = new Int32Array(count);
  let out = 0;
  let next = 0;
  let seen = 0;
  for (const position of from.order) {
    seen += 1;
    if (seen % STEP_ROWS === 0) yield;
    if (position >= count || changed[position]) continue;
    while (next < freshOrder.length && before(freshOrder[next] as number, position) < 0) {
      order[out] = freshOrder[next] as number;
      out += 1;
      next += 1;
    }
    order[out] = position;
    out += 1;
  }
  while (next < freshOrder.length) {
    order[out] = freshOrder[next] as number;
    out += 1;
    next += 1;
  }

  const haystacks = new Map<string, string[]>();
  for (const [field, text] of previous.haystacks) {
    const copy = text.slice(0, count);
    copy.length = count;
    for (let i = 0; i < fresh.length; i += 1) {
      const position = fresh[i] as number;
      copy[position] = normalised((rows[position] as T)[field as keyof T]);
      if (i % STEP_ROWS === STEP_ROWS - 1) yield;
    }
    haystacks.set(field, copy);
    yield;
  }
  return makeIndex(rows, order, { key, times, keys, haystacks });
}

export function normalisedQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Row positions that match, in display order. */
export function filterIndex<T extends FilterableRecord>(
  index: RecordIndex<T>,
  { field, query, keep }: FilterQuery<T>,
  within?: Int32Array,
): Int32Array {
  const needle = normalisedQuery(query);
  const { rows } = index;
  if (!needle && !keep) return index.order;
  // `within`: the hits of a query this one narrows (same list, field and filter), in display order.
  const order = within ?? index.order;
  const text = needle ? index.haystack(field) : null;
  const hits = new Int32Array(order.length);
  let count = 0;
  for (let i = 0; i < order.length; i += 1) {
    const position = order[i] as number;
    if (keep && !keep(rows[position] as T)) continue;
    if (text && !(text[position] as string).includes(needle)) continue;
    hits[count] = position;
    count += 1;
  }
  return hits.slice(0, count);
}
