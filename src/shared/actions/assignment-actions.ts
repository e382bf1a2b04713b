// The assignment actions (issue 19, section 3): one per assignable list, all alike. A claim
// carries the assignee the person saw, so of two claims at once one wins and the other is
// refused with a 409 naming the holder (offline: a conflict of the outbox); a take-over, an
// assignment to someone and an unassignment replace whatever is there.
import type { TSchema } from 'typebox';
import {
  ASSIGNED_CODE,
  AssignBodySchema,
  AssignParamsSchema,
  assignProblem,
  assignStep,
  heldByMessage,
  type AssignBody,
  type AssignMode,
  type AssignableCollection,
} from '../assignment';
import type { CollectionRecords } from '../collections';
import { AutofillEnrolmentSchema, InquirySchema, RefillReminderSchema, RefillRequestSchema, TransferSchema } from '../entities';
import { CHANGE, NOOP, defineAction, forbidden } from './define';

export const ASSIGN_ACTION_LABELS: Record<AssignMode, string> = {
  claim: 'Assign to me',
  'take-over': 'Take over',
  assign: 'Assign',
  unassign: 'Unassign',
};

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object';

function assignAction<N extends string, K extends AssignableCollection>(name: N, collection: K, answer: TSchema) {
  return defineAction({
    name,
    method: 'PUT',
    route: `/admin/assignments/${collection}/:id`,
    params: AssignParamsSchema,
    body: AssignBodySchema,
    answer,
    invalid: (args) => assignProblem(args.body),
    // An entry of an unreadable shape (no body) still has words: the plain one.
    label: (args) => ASSIGN_ACTION_LABELS[(args.body as AssignBody | undefined)?.mode ?? 'assign'] ?? ASSIGN_ACTION_LABELS.assign,
    record: {
      collection,
      key: (args) => Number(args.params.id),
      check: (record, args) => {
        const step = assignStep(record, args.body);
        if (step === 'noop') return NOOP;
        if (step === 'held') return forbidden(heldByMessage(record.assignee_name), ASSIGNED_CODE);
        return CHANGE;
      },
      apply: (record, args) => ({ ...record, assignee_uid: args.body.assignee_uid, assignee_name: args.body.assignee_name }),
      fromAnswer: (answer) => (isRecord(answer) ? (answer as CollectionRecords[K]) : null),
    },
  });
}

export const transferAssign = assignAction('transfers-assign', 'transfers', TransferSchema);
export const refillAssign = assignAction('refills-assign', 'refills', RefillRequestSchema);
export const autofillAssign = assignAction('autofill-assign', 'autofill', AutofillEnrolmentSchema);
export const reminderAssign = assignAction('reminders-assign', 'reminders', RefillReminderSchema);
export const inquiryAssign = assignAction('inquiries-assign', 'inquiries', InquirySchema);

/** The action of each list. */
export const ASSIGN_ACTION_NAMES = {
  transfers: transferAssign.name,
  refills: refillAssign.name,
  autofill: autofillAssign.name,
  reminders: reminderAssign.name,
  inquiries: inquiryAssign.name,
} as const;
