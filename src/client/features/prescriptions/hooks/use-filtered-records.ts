import { useDeferredValue, useMemo } from 'react';
import type { CollectionName, CollectionRecords } from '../../../../shared/collections';
import type { StatusFilter } from '../../../../shared/request-status';
import { buildIndex, filterIndex, type RecordIndex } from '../filter-records';

export interface FilteredRecords {
  /** Row positions in display order. */
  hits: Int32Array;
  /** True while the list still shows the previous query's result. */
  stale: boolean;
}

const NONE = new Int32Array(0);

/**
 * The index is rebuilt only when the cached list changes; typing re-filters it with a deferred
 * query so the input never waits for the list.
 */
export function useRecordIndex<T extends CollectionRecords[CollectionName]>(
  rows: readonly T[] | undefined,
  key: keyof T & string,
): RecordIndex<T> | null {
  return useMemo(() => (rows ? buildIndex(rows, key) : null), [rows, key]);
}

export function useFilteredRecords<T extends CollectionRecords[CollectionName]>(
  index: RecordIndex<T> | null,
  field: keyof T & string,
  query: string,
  status: StatusFilter,
): FilteredRecords {
  const deferredQuery = useDeferredValue(query);
  const deferredField = useDeferredValue(field);
  const hits = useMemo(
    () =>
      index ? filterIndex(index, { field: deferredField, query: deferredQuery, status }) : NONE,
    [index, deferredField, deferredQuery, status],
  );
  return { hits, stale: deferredQuery !== query || deferredField !== field };
}
