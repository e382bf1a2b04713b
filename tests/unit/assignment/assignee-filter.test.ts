// The lists' "Mine" and "Unassigned" filters and the dashboard's "Mine" counts (issue 19,
// section 3).
import { describe, expect, it } from 'vitest';
import { filterRecords, statusKeep } from '../../../src/client/features/prescriptions/filter-records';
import { assigneeKeep, bothKeep, countMine } from '../../../src/client/components/assignment/assignee-filter';

const rows = [
  { id: 1, status: 'active', created_at: '2026-11-01T10:00:00.000Z', first_name: 'Ada', assignee_uid: 'me', assignee_name: 'Me' },
  { id: 2, status: 'active', created_at: '2026-11-02T10:00:00.000Z', first_name: 'Bea', assignee_uid: 'priya', assignee_name: 'Priya Shah' },
  { id: 3, status: 'completed', created_at: '2026-11-03T10:00:00.000Z', first_name: 'Cy', assignee_uid: null, assignee_name: null },
  // Cached before assignment existed: no field at all, so nobody's.
  { id: 4, status: 'active', created_at: '2026-11-04T10:00:00.000Z', first_name: 'Di' },
  { id: 5, status: 'completed', created_at: '2026-11-05T10:00:00.000Z', first_name: 'Ed', assignee_uid: 'me', assignee_name: 'Me' },
];

const ids = (kept: readonly { id: number }[]) => kept.map((row) => row.id).sort();
const keepOf = (keep: ((row: (typeof rows)[number]) => boolean) | null) => (keep ? rows.filter(keep) : rows);

describe('assignee filter', () => {
  it('Mine keeps the person’s own, Unassigned keeps nobody’s (a row without the field too), Everyone keeps all', () => {
    expect(ids(keepOf(assigneeKeep('mine', 'me')))).toEqual([1, 5]);
    expect(ids(keepOf(assigneeKeep('unassigned', 'me')))).toEqual([3, 4]);
    expect(assigneeKeep('all', 'me')).toBeNull();
    // Nobody admitted: nothing is theirs.
    expect(keepOf(assigneeKeep('mine', null))).toEqual([]);
  });

  it('gives the same predicate again (memoised filters stay equal), and a different one per person', () => {
    expect(assigneeKeep('mine', 'me')).toBe(assigneeKeep('mine', 'me'));
    expect(assigneeKeep('mine', 'me')).not.toBe(assigneeKeep('mine', 'priya'));
  });

  it('combines with the status filter over the record index', () => {
    const keep = bothKeep(statusKeep('active'), assigneeKeep('mine', 'me'));
    expect(bothKeep(statusKeep('active'), assigneeKeep('mine', 'me'))).toBe(keep);
    expect(ids(keepOf(keep))).toEqual([1]);
    expect(bothKeep(null, statusKeep('completed'))).toBe(statusKeep('completed'));
    const found = filterRecords(rows, 'id', { field: 'first_name', query: '', status: 'active' });
    expect(ids(found.filter(assigneeKeep('unassigned', 'me')!))).toEqual([4]);
  });

  it('counts the person’s own among a widget’s rows', () => {
    expect(countMine(rows, 'me')).toBe(2);
    expect(countMine(rows, 'me', (row) => row.status === 'active')).toBe(1);
    expect(countMine(rows, null)).toBe(0);
  });
});
