// Who handles this record, and the buttons to change it (issue 19, section 3): Assign to me,
// Assign to… (a staff member, by name), Unassign, and on someone else's record "Priya has this"
// with Take over. Self-contained, for every detail that can be assigned.
import { Button, Group, Menu, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { assigneeOf, type AssignableCollection, type Assigned } from '../../../shared/assignment';
import { staffLabel } from '../../../shared/staff-directory';
import { focusableWhileLoading } from '../focusable-while-loading';
import { assignmentMessages } from './assignment.messages';
import type { OutboxEntry } from '../../offline/outbox-entry';
import { refusedClaims, useAssignment, useStaffDirectory } from './use-assignment';

interface AssignmentControlProps {
  collection: AssignableCollection;
  /** The record as shown (unsent changes laid over it). */
  record: Assigned & object;
  recordKey: number;
  /** The record's unsent changes: a refused claim among them is set aside by the next choice. */
  entries?: readonly OutboxEntry[];
}

export function AssignmentControl({ collection, record, recordKey, entries = [] }: AssignmentControlProps) {
  const t = useStore(assignmentMessages);
  const staff = useStaffDirectory();
  const { busy, me, claim, takeOver, assignTo, unassign } = useAssignment(collection, recordKey, refusedClaims(entries));
  const holder = assigneeOf(record);
  const mine = holder !== null && holder === me?.uid;
  const others = staff.filter((member) => member.uid !== holder);
  const holderName = record.assignee_name || t.someone;
  const disabled = (mode: string) => busy !== null && busy !== mode;

  const status = holder === null ? t.unassigned : mine ? t.yours : t.heldBy({ name: holderName });
  return (
    <Group gap="sm" wrap="wrap" data-testid="assignment" data-assignee={holder ?? ''}>
      <Text size="sm" fw={500} role="status" data-testid="assignment-status">
        {status}
      </Text>
      {holder === null ? (
        <Button
          size="xs"
          variant="light"
          loading={busy === 'claim'}
          disabled={disabled('claim') || !me}
          renderRoot={focusableWhileLoading}
          onClick={() => void claim(record)}
          data-testid="assign-to-me"
        >
          {t.assignToMe}
        </Button>
      ) : null}
      {holder !== null && !mine ? (
        <Button
          size="xs"
          variant="light"
          color="orange"
          loading={busy === 'take-over'}
          disabled={disabled('take-over') || !me}
          renderRoot={focusableWhileLoading}
          onClick={() => void takeOver(record)}
          data-testid="assign-take-over"
        >
          {t.takeOver}
        </Button>
      ) : null}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" disabled={busy !== null} data-testid="assign-to">
            {t.assignTo}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t.pickLabel} data-testid="assign-to-menu">
          {others.length === 0 ? <Menu.Label>{t.nobody}</Menu.Label> : null}
          {others.map((member) => (
            <Menu.Item key={member.uid} onClick={() => void assignTo(record, { uid: member.uid, name: member.name })}>
              {staffLabel(member)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {holder !== null ? (
        <Button
          size="xs"
          variant="subtle"
          loading={busy === 'unassign'}
          disabled={disabled('unassign')}
          renderRoot={focusableWhileLoading}
          onClick={() => void unassign(record)}
          data-testid="unassign"
        >
          {t.unassign}
        </Button>
      ) : null}
    </Group>
  );
}
