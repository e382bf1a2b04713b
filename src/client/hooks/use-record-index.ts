import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { IndexTracker } from '../lib/index-tracker';
import { filterIndex, haystackSteps, normalisedQuery, type FilterableRecord, type RecordIndex } from '../lib/record-index';
import { runSliced } from '../lib/sliced';
import { changeOf } from '../offline/list-view';

export interface FilteredRecords {
  /** Row positions in display order. */
  hits: Int32Array;
  /** True while the list still shows the previous query's result. */
  stale: boolean;
}

const NONE = new Int32Array(0);

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
    tracker.current = new IndexTracker<T>(list, key, changeOf, () => setBuilt((n) => n + 1));
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
