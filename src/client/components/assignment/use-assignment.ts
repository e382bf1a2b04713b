// Assign, claim, take over and unassign through the offline outbox (hooks/use-queued-change.ts):
// the record shows its new assignee at once and the change is sent exactly once. A claim carries
// the assignee the person saw, so a claim that meets someone else's is refused (a 409 naming the
// holder online, a conflict of the outbox offline).
import { useCallback, useMemo } from 'react';
import { assignCall } from '../../../shared/actions/calls';
import { assigneeOf, type AssignMode, type AssignableCollection, type Assigned } from '../../../shared/assignment';
import { assignableStaff, type StaffMember } from '../../../shared/staff-directory';
import { useCollection } from '../../hooks/use-collection';
import { useQueuedChange } from '../../hooks/use-queued-change';
import { useAdmittedPerson } from '../../hooks/use-session';
import { textsOf } from '../../i18n/i18n';
import { queueAction } from '../../offline/actions';
import type { OutboxEntry } from '../../offline/outbox-entry';
import { discardEntry } from '../../offline/outbox-edits';
import { assignmentMessages } from './assignment.messages';

/** The staff "Assign to…" offers, from the synced directory (offline too). */
export function useStaffDirectory(): StaffMember[] {
  const { rows } = useCollection('staff');
  return useMemo(() => assignableStaff(rows ?? []), [rows]);
}

/**
 * The record's assignment changes the server refused (a claim that met someone else's): they hold
 * the record's queue until a person decides, and choosing again (Take over, Assign to…) is that.
 */
export function refusedClaims(entries: readonly OutboxEntry[]): string[] {
  return entries.filter((entry) => entry.action.endsWith('-assign') && entry.state === 'conflict').map((entry) => entry.id);
}

export function useAssignment(collection: AssignableCollection, recordKey: number, refused: readonly string[] = []) {
  const me = useAdmittedPerson();
  const { busy, run } = useQueuedChange<AssignMode>();
  // Joined: a new array of the same refused entries at each render changes nothing.
  const refusedIds = refused.join(' ');

  const change = useCallback(
    async (record: Assigned & object, mode: AssignMode, to: { uid: string; name: string | null } | null) => {
      const texts = textsOf(assignmentMessages);
      const call = assignCall(collection, recordKey, mode, to, assigneeOf(record));
      for (const id of refusedIds.split(' ').filter(Boolean)) await discardEntry(id);
      await run(mode, () => queueAction(call, record), {
        log: `Failed to ${mode} ${collection} ${recordKey}`,
        success: to ? texts.assigned({ name: to.name ?? texts.someone }) : texts.unassignedDone,
      });
    },
    [collection, recordKey, run, refusedIds],
  );

  const mine = me ? { uid: me.uid, name: me.name ?? me.email } : null;
  return {
    busy,
    me: mine,
    claim: (record: Assigned & object) => (mine ? change(record, 'claim', mine) : undefined),
    takeOver: (record: Assigned & object) => (mine ? change(record, 'take-over', mine) : undefined),
    assignTo: (record: Assigned & object, member: { uid: string; name: string | null }) =>
      mine && member.uid === mine.uid ? change(record, 'claim', mine) : change(record, 'assign', member),
    unassign: (record: Assigned & object) => change(record, 'unassign', null),
  };
}
