import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import {
  filterIndex,
  haystackSteps,
  indexSteps,
  normalisedQuery,
  type FilterableRecord,
  type RecordIndex,
} from '../lib/record-index';
import { runSliced, runToEnd, type Steps } from '../lib/sliced';
import { changeOf } from '../offline/list-view';

export interface FilteredRecords {
  /** Row positions in display order. */
  hits: Int32Array;
  /** True while the list still shows the previous query's result. */
  stale: boolean;
}

const NONE = new Int32Array(0);

/** Rows of work below which an index is built (or patched) in the render that needs it. */
const AT_ONCE = 4096;

/**
 * The index of a list's newest snapshot, built in slices (lib/sliced.ts) when that is much work:
 * a first sync publishes 5,000 rows at a time over 100,000, and building or patching the index in
 * the render made main-thread tasks of 50-160 ms. Meanwhile the last index built is shown. Each
 * snapshot's step (`changeOf`) is gathered as it comes, so the next build patches the index it
 * starts from, however many snapshots it lags behind.
 */
class IndexTracker<T extends FilterableRecord> {
  private built: RecordIndex<T> | null = null;
  /** The newest rows offered. */
  private target: readonly T[] | undefined;
  /** Positions where `target` differs from the rows the next build starts from; null: build whole. */
  private touched: Set<number> | null = null;
  private job: { rows: readonly T[]; stop: () => void } | null = null;

  constructor(
    readonly list: string,
    readonly key: keyof T & string,
    private readonly onBuilt: () => void,
  ) {}

  /** The index to show for `rows` now: theirs when it is little work or done, else the last one built. */
  current(rows: readonly T[] | undefined): RecordIndex<T> | null {
    if (!rows) {
      this.stop();
      this.target = undefined;
      this.built = null;
      return null;
    }
    this.offer(rows);
    if (this.built?.rows === rows) return this.built;
    const work = this.touched && this.built ? this.touched.size : rows.length;
    if (!this.job && work <= AT_ONCE) this.built = this.build(rows, (steps) => runToEnd(steps));
    return this.built;
  }

  /** Starts building the newest rows in slices, unless that is done or under way. */
  schedule(): void {
    const rows = this.target;
    if (!rows || this.job || this.built?.rows === rows) return;
    let stop = () => {};
    this.job = { rows, stop: () => stop() };
    this.build(rows, (steps) => {
      stop = runSliced(steps, (index) => {
        this.job = null;
        this.built = index;
        this.schedule();
        this.onBuilt();
      });
      return null;
    });
  }

  stop(): void {
    this.job?.stop();
    this.job = null;
  }

  /** Records the step from the rows offered before (or that it cannot be followed). */
  private offer(rows: readonly T[]): void {
    if (rows === this.target) return;
    const change = changeOf(rows);
    if (this.touched && this.target && change?.previous === this.target) change.touched.forEach((p) => this.touched!.add(p));
    else this.touched = null;
    this.target = rows;
  }

  /** Builds `rows`' index with `run` from the index the gathered steps start from; steps from `rows` on are gathered anew. */
  private build<R>(rows: readonly T[], run: (steps: Steps<RecordIndex<T>>) => R): R {
    const from = this.built;
    const patch = this.touched && from ? { from, touched: [...this.touched] } : undefined;
    this.touched = new Set();
    return run(indexSteps(rows, this.key, patch));
  }
}

/**
 * The index of the list's rows, patched as they change; null until the first one is built (and
 * when the screen shows another list: another list's index is never shown meanwhile).
 */
export function useRecordIndex<T extends FilterableRecord>(
  list: string,
  rows: readonly T[] | undefined,
  key: keyof T & string,
): RecordIndex<T> | null {
  const [, setBuilt] = useState(0);
  const tracker = useRef<IndexTracker<T> | null>(null);
  if (tracker.current?.list !== list || tracker.current.key !== key) {
    tracker.current?.stop();
    tracker.current = new IndexTracker<T>(list, key, () => setBuilt((n) => n + 1));
  }
  const current = tracker.current;
  const index = current.current(rows);
  useEffect(() => current.schedule(), [current, rows]);
  useEffect(() => () => current.stop(), [current]);
  return index;
}

interface LastFilter<T extends FilterableRecord> {
  index: RecordIndex<T>;
  field: string;
  needle: string;
  keep: ((row: T) => boolean) | null;
  hits: Int32Array;
}

/**
 * `keep` must be stable (memoised) for as long as the filter is the same. Typing typed on: a
 * query that extends the previous one searches only the previous hits.
 */
export function useFilteredRecords<T extends FilterableRecord>(
  index: RecordIndex<T> | null,
  field: keyof T & string,
  query: string,
  keep: ((row: T) => boolean) | null,
): FilteredRecords {
  const deferredQuery = useDeferredValue(query);
  const deferredField = useDeferredValue(field);
  const last = useRef<LastFilter<T> | null>(null);
  const hits = useMemo(() => {
    if (!index) return NONE;
    const needle = normalisedQuery(deferredQuery);
    const previous = last.current;
    const narrows =
      previous !== null &&
      previous.index === index &&
      previous.field === deferredField &&
      previous.keep === keep &&
      previous.needle !== '' &&
      needle.includes(previous.needle);
    const result = filterIndex(index, { field: deferredField, query: deferredQuery, keep }, narrows ? previous.hits : undefined);
    last.current = { index, field: deferredField, needle, keep, hits: result };
    return result;
  }, [index, deferredField, deferredQuery, keep]);
  // The searched field's lowercase text is built in slices once the index is there, not by the
  // first key typed (100,000 rows of it made that key miss its frame); a patched index carries it on.
  useEffect(() => (index ? runSliced(haystackSteps(index, field), () => {}) : undefined), [index, field]);
  return { hits, stale: deferredQuery !== query || deferredField !== field };
}
