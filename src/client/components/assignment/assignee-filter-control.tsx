// The lists' assignee filter: Everyone, Mine, Unassigned (issue 19, section 3).
import { SegmentedControl } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { ASSIGNEE_FILTERS, type AssigneeFilter } from './assignee-filter';
import { assigneeFilterMessages } from './assignment.messages';

export function AssigneeFilterControl({ value, onChange }: { value: AssigneeFilter; onChange: (next: AssigneeFilter) => void }) {
  const t = useStore(assigneeFilterMessages);
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      aria-label={t.label}
      data={ASSIGNEE_FILTERS.map((filter) => ({ value: filter, label: t[filter] }))}
      value={value}
      onChange={(next) => onChange(next as AssigneeFilter)}
      data-testid="assignee-filter"
    />
  );
}
