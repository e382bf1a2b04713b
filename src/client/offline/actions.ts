// The staff actions the UI calls. Each applies its change to the cached record and queues it in
// one transaction (enqueue.ts); the outbox sends it when it can. `waitForOutboxResult` tells
// when the server has answered, whichever tab or the service worker sent it.
import { COLLECTIONS, type CollectionName, type CollectionRecords } from '../../shared/collections';
import type { Appointment, Inquiry, Transfer } from '../../shared/entities';
import {
  inquiryTransition,
  normalizeReply,
  replyProblem,
  type InquiryAction,
} from '../../shared/inquiry-api';
import {
  actionTarget,
  isRequestStatus,
  transferTransition,
  transition,
  type RequestStatus,
  type TransferAction,
} from '../../shared/request-status';
import { enqueueChange, type ChangeRequest } from './enqueue';
import { afterEnqueue } from './outbox-triggers';
import type { OutboxEntry } from './outbox-entry';

export { waitForOutboxResult } from './outbox-results';

export type StatusCollectionName = Extract<CollectionName, 'refills' | 'autofill' | 'reminders'>;

/** Thrown (nothing queued) when the record's current state does not allow the change. */
export class ChangeNotAllowedError extends Error {
  constructor(from: string, to: string, what = 'request') {
    super(`This change is not possible: the ${what} is ${from}, it cannot become ${to}.`);
    this.name = 'ChangeNotAllowedError';
  }
}

const TRANSFER_LABELS: Record<TransferAction, string> = {
  complete: 'Mark as Complete',
  incomplete: 'Mark as Incomplete',
  flag: 'Flag',
  unflag: 'Unflag',
};

function statusLabel(from: unknown, to: RequestStatus): string {
  if (to === 'completed') return 'Mark as Complete';
  if (to === 'flagged') return 'Flag';
  return from === 'flagged' ? 'Unflag' : 'Mark as Incomplete';
}

/** The queued form of a transfer action (what `requestTransferAction` enqueues). */
export function transferActionChange(transfer: Transfer, action: TransferAction): ChangeRequest {
  return {
    kind: 'transfer-action',
    collection: 'transfers',
    record: transfer,
    method: 'PUT',
    path: `/admin/transfers/${action}/${transfer.transfer_id}`,
    patch: { status: actionTarget(action) },
    label: TRANSFER_LABELS[action],
    check: (view) => {
      if (!isRequestStatus(view.status)) return;
      const result = transferTransition(view.status, action);
      if (result.kind === 'forbidden') throw new ChangeNotAllowedError(result.from, result.to);
    },
  };
}

export async function requestTransferAction(transfer: Transfer, action: TransferAction): Promise<OutboxEntry> {
  const entry = await enqueueChange(transferActionChange(transfer, action));
  afterEnqueue();
  return entry;
}

/** The queued form of a status change of a refill-type record (what `requestStatusChange` enqueues). */
export function statusChange<K extends StatusCollectionName>(
  collectionName: K,
  record: CollectionRecords[K],
  status: RequestStatus,
): ChangeRequest {
  const info = COLLECTIONS[collectionName];
  const key = (record as Record<string, unknown>)[info.key] as number;
  return {
    kind: 'status-change',
    collection: collectionName,
    record,
    method: 'PUT',
    path: `/admin/${info.statusKind}/status/${key}`,
    body: () => ({ status }),
    patch: { status },
    label: (view) => statusLabel(view.status, status),
    check: (view) => {
      if (!isRequestStatus(view.status)) return;
      const result = transition(view.status, status);
      if (result.kind === 'forbidden') throw new ChangeNotAllowedError(result.from, result.to);
    },
  };
}

export async function requestStatusChange<K extends StatusCollectionName>(
  collectionName: K,
  record: CollectionRecords[K],
  status: RequestStatus,
): Promise<OutboxEntry> {
  const entry = await enqueueChange(statusChange(collectionName, record, status));
  afterEnqueue();
  return entry;
}

/** The queued form of a notify (what `requestNotify` enqueues). */
export function notifyChange(transfer: Transfer): ChangeRequest {
  return {
    kind: 'notify',
    collection: 'transfers',
    record: transfer,
    method: 'PUT',
    path: '/admin/prescription-request-notify/transfer',
    body: (view) => view,
    patch: {},
    label: 'Notify patient',
  };
}

/** Queues the patient email; the server refuses it (409) unless the transfer is completed there. */
export async function requestNotify(transfer: Transfer): Promise<OutboxEntry> {
  const entry = await enqueueChange(notifyChange(transfer));
  afterEnqueue();
  return entry;
}

/**
 * The queued form of a cancellation (what `requestAppointmentCancel` enqueues): only a scheduled
 * vaccine or consultation appointment; the server cancels the rest of its booking with it.
 */
export function appointmentCancelChange(appointment: Appointment): ChangeRequest {
  const kind = appointment.appointment_type === 'Vaccine' ? 'vaccine' : 'consultation';
  const booking = kind === 'vaccine' ? 'vaccine_id' : 'consultation_id';
  return {
    kind: 'appointment-cancel',
    collection: 'appointments',
    record: appointment,
    method: 'PUT',
    path: `/admin/appointments/cancel/${kind}/${appointment.appointment_id}`,
    body: (view) => ({ [booking]: view[booking] }),
    patch: { status: 'cancelled' },
    label: 'Cancel Appointment',
    check: (view) => {
      if (view.appointment_type === 'Blocked') throw new ChangeNotAllowedError('blocked time', 'cancelled', 'slot');
      if (view.status !== 'scheduled') throw new ChangeNotAllowedError(String(view.status), 'cancelled', 'appointment');
    },
  };
}

export async function requestAppointmentCancel(appointment: Appointment): Promise<OutboxEntry> {
  const entry = await enqueueChange(appointmentCancelChange(appointment));
  afterEnqueue();
  return entry;
}

const INQUIRY_LABELS: Record<InquiryAction, string> = {
  resolve: 'Mark as Resolved',
  unresolve: 'Mark as Unresolved',
  reply: 'Send Reply',
};

const INQUIRY_STATE_WORDS = { new: 'new', resolved: 'resolved', replied: 'replied to' } as const;

/** Thrown (nothing queued) when the reply text cannot be sent: the server would answer 400. */
export class ReplyNotValidError extends Error {
  constructor(message: string) {
    super(message.charAt(0).toUpperCase() + message.slice(1));
    this.name = 'ReplyNotValidError';
  }
}

/**
 * The queued form of an inquiry action (spec section 4's machine, the same one the server runs):
 * resolve, unresolve, or reply with `replyText`. The cached inquiry shows the result at once; a
 * reply carries the spec's body (`selectedInquiry`, `reply`).
 */
export function inquiryChange(inquiry: Inquiry, action: InquiryAction, replyText = ''): ChangeRequest {
  const reply = normalizeReply(replyText);
  return {
    kind: `inquiry-${action}`,
    collection: 'inquiries',
    record: inquiry,
    method: 'PUT',
    path: `/admin/messages/${inquiry.message_id}/${action}`,
    body: action === 'reply' ? (view) => ({ selectedInquiry: view, reply }) : undefined,
    patch: inquiryPatch(action, reply),
    label: INQUIRY_LABELS[action],
    check: (view) => {
      if (action === 'reply') {
        const problem = replyProblem(reply);
        if (problem) throw new ReplyNotValidError(problem);
      }
      const step = inquiryTransition(view as Inquiry, action);
      if (step.kind === 'forbidden') {
        throw new ChangeNotAllowedError(INQUIRY_STATE_WORDS[step.from], action === 'reply' ? 'replied to again' : 'unresolved', 'inquiry');
      }
    },
  };
}

function inquiryPatch(action: InquiryAction, reply: string): Partial<Inquiry> {
  if (action === 'resolve') return { resolved: true };
  if (action === 'unresolve') return { resolved: false };
  return { resolved: true, replied: true, reply };
}

export async function requestInquiryAction(inquiry: Inquiry, action: InquiryAction, replyText = ''): Promise<OutboxEntry> {
  const entry = await enqueueChange(inquiryChange(inquiry, action, replyText));
  afterEnqueue();
  return entry;
}

/**
 * The queued form of a change already in the queue, built again from its record as it is now:
 * a change sent again under a new key (Retry, Redo) carries today's words and body.
 */
export function changeAgain(entry: OutboxEntry, view: Record<string, unknown>): ChangeRequest {
  switch (entry.kind) {
    case 'transfer-action': {
      const action = entry.path.split('/')[3] as TransferAction;
      return transferActionChange(view as Transfer, action);
    }
    case 'status-change':
      return statusChange(entry.collection as StatusCollectionName, view as never, entry.patch.status as RequestStatus);
    case 'notify':
      return notifyChange(view as Transfer);
    case 'appointment-cancel':
      return appointmentCancelChange(view as Appointment);
    case 'inquiry-resolve':
      return inquiryChange(view as Inquiry, 'resolve');
    case 'inquiry-unresolve':
      return inquiryChange(view as Inquiry, 'unresolve');
    case 'inquiry-reply':
      return inquiryChange(view as Inquiry, 'reply', (entry.body as { reply?: string } | undefined)?.reply ?? '');
  }
}
