// The prescription-request actions (spec sections 4 and 7): the four transfer actions, the
// refill-type status update, and Notify, drawn from the request status machine.
import type { CollectionRecords, PrescriptionCollectionName, StatusKind } from '../collections';
import type { TSchema } from 'typebox';
import { AutofillEnrolmentSchema, RefillReminderSchema, RefillRequestSchema, TransferSchema, type Transfer } from '../entities';
import {
  NotifyBodySchema,
  NotifyResponseSchema,
  STATUS_KIND_COLLECTION,
  StatusParamsSchema,
  StatusUpdateBodySchema,
  TransferActionParamsSchema,
} from '../prescription-api';
import { actionTarget, transferTransition, transition, type RequestStatus, type TransferAction, type TransitionResult } from '../request-status';
import { NOTIFY_NEEDS_COMPLETED } from '../texts';
import { CHANGE, NOOP, defineAction, forbidden, type ActionStep } from './define';

/** What staff call each kind of record in a refusal. */
export const RECORD_WORDS: Record<PrescriptionCollectionName, string> = {
  transfers: 'Transfer',
  refills: 'Refill request',
  autofill: 'Autofill enrolment',
  reminders: 'Refill reminder enrolment',
  newPrescriptions: 'Prescription',
};

export const TRANSFER_ACTION_LABELS: Record<TransferAction, string> = {
  complete: 'Mark as Complete',
  incomplete: 'Mark as Incomplete',
  flag: 'Flag',
  unflag: 'Unflag',
};

export const NO_EMAIL_MESSAGE = 'This patient has no email address on file.';

function statusStep(name: PrescriptionCollectionName, result: TransitionResult): ActionStep {
  if (result.kind === 'noop') return NOOP;
  if (result.kind === 'change') return CHANGE;
  return forbidden(`${RECORD_WORDS[name]} is ${result.from}; it cannot be changed to ${result.to}.`);
}

/** The words of a status change to `to`, from the record's status before it. */
function statusLabel(from: unknown, to: RequestStatus): string {
  if (to === 'completed') return TRANSFER_ACTION_LABELS.complete;
  if (to === 'flagged') return TRANSFER_ACTION_LABELS.flag;
  return from === 'flagged' ? TRANSFER_ACTION_LABELS.unflag : TRANSFER_ACTION_LABELS.incomplete;
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object';

/** PUT /admin/transfers/{action}/{transfer_id}: complete, incomplete, flag, unflag. */
export const transferStatus = defineAction({
  name: 'transfer-status',
  method: 'PUT',
  route: '/admin/transfers/:action/:transfer_id',
  params: TransferActionParamsSchema,
  body: undefined,
  answer: TransferSchema,
  label: (args) => TRANSFER_ACTION_LABELS[args.params.action],
  record: {
    collection: 'transfers',
    key: (args) => Number(args.params.transfer_id),
    check: (transfer, args) => statusStep('transfers', transferTransition(transfer.status, args.params.action)),
    apply: (transfer, args) => ({ ...transfer, status: actionTarget(args.params.action) }),
    fromAnswer: (answer) => (isRecord(answer) ? (answer as Transfer) : null),
  },
});

type StatusCollection = (typeof STATUS_KIND_COLLECTION)[StatusKind];

/** PUT /admin/{kind}/status/{id} for one refill-type list. */
function statusUpdate<N extends string, K extends StatusCollection>(name: N, kind: StatusKind, collection: K, answer: TSchema) {
  return defineAction({
    name,
    method: 'PUT',
    route: `/admin/${kind}/status/:id`,
    params: StatusParamsSchema,
    body: StatusUpdateBodySchema,
    answer,
    label: (args, before) => statusLabel(isRecord(before) ? before.status : undefined, args.body.status),
    record: {
      collection,
      key: (args) => Number(args.params.id),
      check: (record, args) => statusStep(collection, transition(record.status, args.body.status)),
      apply: (record, args) => ({ ...record, status: args.body.status }),
      fromAnswer: (answer) => (isRecord(answer) ? (answer as CollectionRecords[K]) : null),
    },
  });
}

export const refillStatus = statusUpdate('refills-status', 'Renewals', 'refills', RefillRequestSchema);
export const autofillStatus = statusUpdate('autofill-status', 'Service', 'autofill', AutofillEnrolmentSchema);
export const reminderStatus = statusUpdate('reminders-status', 'Reminders', 'reminders', RefillReminderSchema);

/**
 * PUT /admin/prescription-request-notify/transfer: the spec's body is the whole transfer as the
 * app shows it; the server reads only its id, and the transfer itself from the database.
 */
export const transferNotify = defineAction({
  name: 'transfer-notify',
  method: 'PUT',
  route: '/admin/prescription-request-notify/transfer',
  params: undefined,
  body: NotifyBodySchema,
  answer: NotifyResponseSchema,
  label: () => 'Notify patient',
  record: {
    collection: 'transfers',
    key: (args) => args.body.transfer_id,
    check: (transfer) => {
      if (transfer.status !== 'completed') return forbidden(NOTIFY_NEEDS_COMPLETED, 'not_completed');
      if (!transfer.email) return forbidden(NO_EMAIL_MESSAGE, 'no_email');
      return CHANGE;
    },
    apply: (transfer) => transfer,
    fromAnswer: (answer) => (isRecord(answer) && isRecord(answer.record) ? (answer.record as Transfer) : null),
    refresh: (args, transfer) => ({ ...args, body: transfer }),
  },
});
