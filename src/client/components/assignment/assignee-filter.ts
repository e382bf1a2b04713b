// The lists' "Mine" and "Unassigned" filters (issue 19, section 3), beside their own status
// filters: one predicate each, kept per person so memoised filters stay equal across renders.
import { assigneeOf, type Assigned } from '../../../shared/assignment';

export const ASSIGNEE_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

export const isAssigneeFilter = (value: unknown): value is AssigneeFilter =>
  (ASSIGNEE_FILTERS as readonly unknown[]).includes(value);

// Over any record (a list's row type need not name the assignee fields: a row cached before them has none).
type Keep = (row: object) => boolean;

const UNASSIGNED: Keep = (row) => assigneeOf(row as Assigned) === null;
const MINE = new Map<string, Keep>();

/** The rows `filter` keeps for the person `uid` (null: nobody admitted, so nothing is theirs); null keeps all. */
export function assigneeKeep(filter: AssigneeFilter, uid: string | null): Keep | null {
  if (filter === 'all') return null;
  if (filter === 'unassigned') return UNASSIGNED;
  const key = uid ?? '';
  let keep = MINE.get(key);
  if (!keep) {
    keep = (row) => uid !== null && assigneeOf(row as Assigned) === uid;
    MINE.set(key, keep);
  }
  return keep;
}

const BOTH = new WeakMap<object, WeakMap<object, (row: never) => boolean>>();

/** Rows both predicates keep (either may be null: keeps all); the same function for the same pair. */
export function bothKeep<T>(a: ((row: T) => boolean) | null, b: ((row: T) => boolean) | null): ((row: T) => boolean) | null {
  if (!a) return b;
  if (!b) return a;
  let inner = BOTH.get(a);
  if (!inner) BOTH.set(a, (inner = new WeakMap()));
  let keep = inner.get(b) as ((row: T) => boolean) | undefined;
  if (!keep) {
    keep = (row: T) => a(row) && b(row);
    inner.set(b, keep as (row: never) => boolean);
  }
  return keep;
}

/** How many of `rows` matching `keep` are the person's own (the dashboard's "Mine" beside a total). */
export function countMine<T extends Assigned>(rows: readonly T[], uid: string | null, keep: (row: T) => boolean = () => true): number {
  if (uid === null) return 0;
  let count = 0;
  for (const row of rows) if (assigneeOf(row) === uid && keep(row)) count += 1;
  return count;
}
