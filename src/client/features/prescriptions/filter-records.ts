// The status filter of the prescription lists (spec section 5: exact match unless 'all'), over
// the shared record index.
import type { StatusFilter } from '../../../shared/request-status';
import { buildIndex, filterIndex, type FilterQuery } from '../../lib/record-index';

export interface StatusRecord {
  status: string;
  created_at: string;
}

const KEEP_BY_STATUS = new Map<StatusFilter, ((row: StatusRecord) => boolean) | null>();

/** One predicate per status, so memoised filters stay equal across renders. */
export function statusKeep(status: StatusFilter): ((row: StatusRecord) => boolean) | null {
  if (status === 'all') return null;
  let keep = KEEP_BY_STATUS.get(status);
  if (!keep) {
    keep = (row) => row.status === status;
    KEEP_BY_STATUS.set(status, keep);
  }
  return keep;
}

export interface StatusQuery<T> extends Omit<FilterQuery<T>, 'keep'> {
  status: StatusFilter;
}

/** The matching records themselves, in display order (for callers that want rows, and tests). */
export function filterRecords<T extends StatusRecord>(
  rows: readonly T[],
  key: keyof T & string,
  { field, query, status }: StatusQuery<T>,
): T[] {
  const index = buildIndex(rows, key);
  return Array.from(filterIndex(index, { field, query, keep: statusKeep(status) }), (position) => rows[position] as T);
}
