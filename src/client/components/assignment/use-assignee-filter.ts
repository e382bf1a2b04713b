// A list's assignee filter, kept for the page's life like its search (hooks/use-remembered.ts),
// and the predicate it makes for the person admitted.
import { useAdmittedPerson } from '../../hooks/use-session';
import { useRemembered } from '../../hooks/use-remembered';
import { assigneeKeep, type AssigneeFilter } from './assignee-filter';

export function useAssigneeFilter(list: string) {
  const me = useAdmittedPerson();
  const [filter, setFilter] = useRemembered<AssigneeFilter>(`${list}:assignee`, 'all');
  return { filter, setFilter, keep: assigneeKeep(filter, me?.uid ?? null) };
}
