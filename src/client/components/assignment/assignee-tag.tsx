// A row's assignee (issue 19, section 3): initials, with the whole name for screen readers and
// on hover.
import { Badge } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { assigneeOf, initials, type Assigned } from '../../../shared/assignment';
import { useAdmittedPerson } from '../../hooks/use-session';
import { assignmentMessages } from './assignment.messages';

export function AssigneeTag({ record }: { record: Assigned }) {
  const t = useStore(assignmentMessages);
  const me = useAdmittedPerson();
  const holder = assigneeOf(record);
  if (holder === null) return null;
  const name = record.assignee_name || t.someone;
  const label = holder === me?.uid ? t.yours : t.assignedTo({ name });
  return (
    <Badge
      size="sm"
      radius="sm"
      variant={holder === me?.uid ? 'filled' : 'light'}
      color="grape"
      title={label}
      aria-label={label}
      data-testid="row-assignee"
    >
      {initials(name)}
    </Badge>
  );
}
