// The server's side of assignment (issue 19, section 3): under the record's row lock, a claim
// holds only over the assignee the person saw (the shared machine's check), so of two claims at
// once the second waits for the lock, finds the first one's name and is refused with a 409 naming
// the holder. The assignee's name is the server's, never the device's; the access-log entry says
// assign, unassign or take-over and names the assignee, for the record's History.
import { ASSIGN_ACTION_NAMES } from '../../../../shared/actions/assignment-actions';
import type { ActionArgs } from '../../../../shared/actions/define';
import { anyAction } from '../../../../shared/actions/registry';
import { RECORD_WORDS } from '../../../../shared/actions/prescription-actions';
import type { AssignBody, AssignableCollection, Assigned } from '../../../../shared/assignment';
import { inquiryNotFoundMessage } from '../../../../shared/inquiry-api';
import type { Sql } from '../../../db/client';
import { errorResult } from '../../../plugins/app/idempotency';
import { INQUIRY_LIST } from '../../../repositories/inquiries';
import { PRESCRIPTION_TABLES } from '../../../repositories/prescription-requests';
import { assignableName } from '../../../repositories/staff-directory';
import { findRecord, selectFields, type SyncedList } from '../../../repositories/synced-list';
import { recordEffect, type ActionEffect } from './action-route';

const LISTS: Record<AssignableCollection, SyncedList> = {
  transfers: PRESCRIPTION_TABLES.transfers,
  refills: PRESCRIPTION_TABLES.refills,
  autofill: PRESCRIPTION_TABLES.autofill,
  reminders: PRESCRIPTION_TABLES.reminders,
  inquiries: INQUIRY_LIST,
};

function notFound(collection: AssignableCollection, args: ActionArgs, id: number | null): string {
  if (collection === 'inquiries') return inquiryNotFoundMessage((args.params as { id?: string }).id ?? '');
  return id === null ? `${RECORD_WORDS[collection]} was not found.` : `${RECORD_WORDS[collection]} ${id} was not found.`;
}

async function writeAssignee(tx: Sql, list: SyncedList, id: number, to: { uid: string | null; name: string | null }) {
  const [record] = await tx.query<Assigned>(
    `UPDATE ${list.table} t SET assignee_uid = $2, assignee_name = $3 WHERE t.${list.keyColumn} = $1
     RETURNING ${selectFields(list)}`,
    [id, to.uid, to.name],
  );
  return record!;
}

function assignEffect(collection: AssignableCollection): ActionEffect {
  const list = LISTS[collection];
  const common = recordEffect<Assigned>(anyAction(ASSIGN_ACTION_NAMES[collection]), {
    load: (tx, id) => findRecord<Assigned>(tx, list, id, { forUpdate: true }),
    notFound: (args, id) => notFound(collection, args, id),
    change: async (tx, _before, args, { actor, app }) => {
      const body = args.body as AssignBody;
      const id = Number((args.params as { id: string }).id);
      if (body.mode === 'unassign') return { status: 200, body: await writeAssignee(tx, list, id, { uid: null, name: null }) };
      if (body.mode !== 'assign') return { status: 200, body: await writeAssignee(tx, list, id, { uid: actor.uid, name: actor.name }) };
      const member = await assignableName(tx, body.assignee_uid!);
      if (!member) return errorResult(400, 'bad_request', 'assignee_uid is not a staff member.');
      // The directory keeps whom the server has seen with the role: `npm run admin -- revoke`
      // reaches only the identity service, so someone let go is still listed until they come
      // back. The identity service says who is staff now; the directory is told at once.
      if (!(await app.isStaffNow(body.assignee_uid!))) {
        await tx.query(`UPDATE staff SET role = 'none' WHERE uid = $1`, [body.assignee_uid]);
        return errorResult(400, 'not_staff', `${member.name ?? 'That person'} is no longer on the staff.`);
      }
      return { status: 200, body: await writeAssignee(tx, list, id, { uid: body.assignee_uid, name: member.name }) };
    },
  });
  return {
    async run(tx, args, context) {
      const body = args.body as AssignBody;
      // A claim or a take-over is the caller's own: a device cannot claim for someone else.
      if ((body.mode === 'claim' || body.mode === 'take-over') && body.assignee_uid !== context.actor.uid) {
        return errorResult(400, 'bad_request', `assignee_uid must be your own to ${body.mode === 'claim' ? 'claim' : 'take over'}.`);
      }
      const result = await common.run(tx, args, context);
      if (!result.touched) return result;
      const before = result.touched.patient as Assigned;
      const after = result.body as Assigned;
      const verb = body.mode === 'unassign' ? 'unassign' : body.mode === 'take-over' ? 'take-over' : 'assign';
      const detail = {
        assignee: after.assignee_name ?? null,
        assignee_uid: after.assignee_uid ?? null,
        ...(before.assignee_uid ? { from: before.assignee_name ?? null, from_uid: before.assignee_uid } : {}),
      };
      return { ...result, verb, touched: { ...result.touched, detail } };
    },
  };
}

export const ASSIGNMENT_EFFECTS = {
  'transfers-assign': assignEffect('transfers'),
  'refills-assign': assignEffect('refills'),
  'autofill-assign': assignEffect('autofill'),
  'reminders-assign': assignEffect('reminders'),
  'inquiries-assign': assignEffect('inquiries'),
} satisfies Record<string, ActionEffect>;
