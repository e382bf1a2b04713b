import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import {
  buildIndex,
  filterIndex,
  normalisedQuery,
  type FilterableRecord,
  type RecordIndex,
} from '../lib/record-index';
import { changeOf } from '../offline/list-view';

export interface FilteredRecords {
  /** Row positions in display order. */
  hits: Int32Array;
  /** True while the list still shows the previous query's result. */
  stale: boolean;
}

const NONE = new Int32Array(0);

/**
 * The index is built once per list and then patched: when the cached list is a patch of the
 * rows of the previous index (view-store.ts), only the positions it touched are computed again.
 */
export function useRecordIndex<T extends FilterableRecord>(
  rows: readonly T[] | undefined,
  key: keyof T & string,
): RecordIndex<T> | null {
  const last = useRef<RecordIndex<T> | null>(null);
  return useMemo(() => {
    if (!rows) return (last.current = null);
    const previous = last.current;
    const change = changeOf(rows);
    const patch = previous && change && change.previous === previous.rows ? { from: previous, touched: change.touched } : undefined;
    return (last.current = buildIndex(rows, key, patch));
  }, [rows, key]);
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
  // The searched field's lowercase text is built once the browser is idle, not by the first key
  // typed (100,000 rows of it made that key miss its frame); a patched index carries it on.
  useEffect(() => {
    if (!index) return;
    const warm = () => void index.haystack(field);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(warm, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(warm, 200);
    return () => clearTimeout(timer);
  }, [index, field]);
  return { hits, stale: deferredQuery !== query || deferredField !== field };
}
