// Client-side search and status filter (spec section 5), built for 100,000 cached rows: the
// lowercase text of a field and the newest-first order are computed once per list version, so a
// keystroke costs one pass of `includes` over strings that already exist.
import type { StatusFilter } from '../../../shared/request-status';

export interface FilterableRecord {
  status: string;
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
  status: StatusFilter;
}

function timeOf(value: string): number {
  const time = Date.parse(value);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

export function buildIndex<T extends FilterableRecord>(
  rows: readonly T[],
  key: keyof T & string,
): RecordIndex<T> {
  const count = rows.length;
  const times = new Float64Array(count);
  const keys = new Float64Array(count);
  const order = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    const row = rows[i] as T;
    times[i] = timeOf(row.created_at);
    keys[i] = Number(row[key]);
    order[i] = i;
  }
  order.sort(
    (a, b) =>
      (times[b] as number) - (times[a] as number) || (keys[b] as number) - (keys[a] as number),
  );

  const haystacks = new Map<string, string[]>();
  return {
    rows,
    order,
    // A native scan of a typed array (well under a millisecond for 100,000 keys) beats building
    // a Map on every list version.
    positionOf(value) {
      const position = keys.indexOf(value);
      return position === -1 ? undefined : position;
    },
    haystack(field) {
      let text = haystacks.get(field);
      if (!text) {
        text = new Array<string>(count);
        for (let i = 0; i < count; i += 1) {
          const value = (rows[i] as T)[field];
          text[i] = value == null ? '' : String(value).toLowerCase();
        }
        haystacks.set(field, text);
      }
      return text;
    },
  };
}

/** Row positions that match, in display order. */
export function filterIndex<T extends FilterableRecord>(
  index: RecordIndex<T>,
  { field, query, status }: FilterQuery<T>,
): Int32Array {
  const needle = query.trim().toLowerCase();
  const { order, rows } = index;
  if (!needle && status === 'all') return order;
  const text = needle ? index.haystack(field) : null;
  const hits = new Int32Array(order.length);
  let count = 0;
  for (let i = 0; i < order.length; i += 1) {
    const position = order[i] as number;
    if (status !== 'all' && (rows[position] as T).status !== status) continue;
    if (text && !(text[position] as string).includes(needle)) continue;
    hits[count] = position;
    count += 1;
  }
  return hits.slice(0, count);
}

/** The matching records themselves, in display order (for callers that want rows, and tests). */
export function filterRecords<T extends FilterableRecord>(
  rows: readonly T[],
  key: keyof T & string,
  query: FilterQuery<T>,
): T[] {
  const index = buildIndex(rows, key);
  return Array.from(filterIndex(index, query), (position) => rows[position] as T);
}
