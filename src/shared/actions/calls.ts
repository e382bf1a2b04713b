// The calls the app makes of each staff action, from the records it shows: the one place that
// knows which arguments an action takes (the screens and the tests build calls here).
import type { AssignMode, AssignableCollection } from '../assignment';
import type { Appointment, Inquiry, Transfer } from '../entities';
import { normalizeReply } from '../inquiry-api';
import type { RequestStatus, TransferAction } from '../request-status';
import { normalizeSavedReply } from '../saved-replies';
import { actionCall, type ActionCall } from './registry';

/** Complete, incomplete, flag or unflag a transfer. */
export function transferStatusCall(transferId: number, action: TransferAction): ActionCall {
  return actionCall('transfer-status', { params: { action, transfer_id: String(transferId) }, body: undefined });
}

/** The status update of a refill-type request (`PUT /admin/{kind}/status/{id}`). */
export function statusCall(collection: 'refills' | 'autofill' | 'reminders', id: number, status: RequestStatus): ActionCall {
  return actionCall(`${collection}-status`, { params: { id: String(id) }, body: { status } });
}

/** Notify: the spec's body is the whole transfer as shown. */
export function notifyCall(transfer: Transfer): ActionCall {
  return actionCall('transfer-notify', { params: {}, body: transfer });
}

/** Cancel an appointment through its booking kind (a Blocked slot is refused by the check). */
export function cancelCall(appointment: Appointment): ActionCall {
  const params = { id: String(appointment.appointment_id) };
  return appointment.appointment_type === 'Vaccine'
    ? actionCall('vaccine-cancel', { params, body: { vaccine_id: appointment.vaccine_id ?? 0 } })
    : actionCall('consultation-cancel', { params, body: { consultation_id: appointment.consultation_id ?? 0 } });
}

/** Resolve or unresolve an inquiry. */
export function inquiryToggleCall(inquiry: Pick<Inquiry, 'message_id'>, action: 'resolve' | 'unresolve'): ActionCall {
  return actionCall(`inquiry-${action}`, { params: { message_id: String(inquiry.message_id) }, body: undefined });
}

/**
 * Reply to an inquiry: the spec's body (`selectedInquiry`, `reply`), the text trimmed; `seen`, the
 * inquiry's state when the person began writing (issue 19: refused if someone else changed it since).
 */
export function replyCall(inquiry: Inquiry, text: string, seen?: 'new' | 'resolved'): ActionCall {
  return actionCall('inquiry-reply', {
    params: { message_id: String(inquiry.message_id) },
    body: { selectedInquiry: inquiry, reply: normalizeReply(text), ...(seen ? { seen_state: seen } : {}) },
  });
}

/** Save a new reply under `id` (newSavedReplyId), its title and text trimmed. */
export function savedReplyCreateCall(id: number, fields: { title: string; text: string }): ActionCall {
  return actionCall('saved-reply-create', { params: {}, body: { saved_reply_id: id, ...normalizeSavedReply(fields) } });
}

/** A saved reply's new title and text, trimmed. */
export function savedReplyEditCall(id: number, fields: { title: string; text: string }): ActionCall {
  return actionCall('saved-reply-edit', { params: { saved_reply_id: String(id) }, body: normalizeSavedReply(fields) });
}

/** Delete a saved reply. */
export function savedReplyDeleteCall(id: number): ActionCall {
  return actionCall('saved-reply-delete', { params: { saved_reply_id: String(id) }, body: undefined });
}

/**
 * Assign a record (issue 19): `claim` over the assignee the person saw (`expected`), `take-over`,
 * `assign` to a staff member, or `unassign` (`to` null).
 */
export function assignCall(
  collection: AssignableCollection,
  id: number,
  mode: AssignMode,
  to: { uid: string; name: string | null } | null,
  expected: string | null = null,
): ActionCall {
  return actionCall(`${collection}-assign`, {
    params: { id: String(id) },
    body: {
      mode,
      assignee_uid: to?.uid ?? null,
      assignee_name: to?.name ?? null,
      ...(mode === 'claim' ? { expected_uid: expected } : {}),
    },
  });
}
