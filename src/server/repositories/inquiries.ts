// Data access of inquiries (questions from patients and guests): the cached list, and the
// inquiry machine's writes (spec section 4) under a row lock, with their audit events.
import { InquirySchema, type Inquiry } from '../../shared/entities';
import { inquiryTransition, normalizeReply, type InquiryAction, type InquiryState } from '../../shared/inquiry-api';
import type { Sql } from '../db/client';
import type { Actor } from './prescription-requests';
import { findRecord, isoInstant, selectFields, type SyncedList } from './synced-list';

export const INQUIRY_LIST: SyncedList = {
  table: 'inquiries',
  keyColumn: 'message_id',
  schema: InquirySchema,
  columns: { created_at: isoInstant('t.created_at') },
  orderBy: 't.created_at DESC, t.message_id DESC',
};

export type InquiryChange =
  | { kind: 'not_found' }
  | { kind: 'noop'; record: Inquiry }
  | { kind: 'forbidden'; record: Inquiry; from: InquiryState }
  | { kind: 'changed'; record: Inquiry; from: InquiryState; to: InquiryState };

const SET: Record<Exclude<InquiryState, 'replied'>, string> = {
  resolved: 'resolved = true',
  new: 'resolved = false',
};

/**
 * Apply one action of the machine under a row lock. A repeat writes nothing (the change number
 * stays put); an effective change leaves an audit event (`request_status_events`, entity
 * `inquiries`, from/to the machine's state names) in the same transaction.
 */
export async function changeInquiry(
  tx: Sql,
  id: number,
  action: InquiryAction,
  actor: Actor,
  replyText?: string,
): Promise<InquiryChange> {
  const current = await findRecord<Inquiry>(tx, INQUIRY_LIST, id, { forUpdate: true });
  if (!current) return { kind: 'not_found' };
  const step = inquiryTransition(current, action);
  if (step.kind === 'noop') return { kind: 'noop', record: current };
  if (step.kind === 'forbidden') return { kind: 'forbidden', record: current, from: step.from };
  const [record] =
    step.to === 'replied'
      ? await tx.query<Inquiry>(
          `UPDATE inquiries t SET resolved = true, replied = true, reply = $2, replied_at = now()
           WHERE t.message_id = $1 RETURNING ${selectFields(INQUIRY_LIST)}`,
          [id, normalizeReply(replyText ?? '')],
        )
      : await tx.query<Inquiry>(
          `UPDATE inquiries t SET ${SET[step.to]} WHERE t.message_id = $1 RETURNING ${selectFields(INQUIRY_LIST)}`,
          [id],
        );
  await tx.query(
    `INSERT INTO request_status_events
       (entity, record_id, from_status, to_status, actor_uid, idempotency_key)
     VALUES ('inquiries', $1, $2, $3, $4, $5)`,
    [id, step.from, step.to, actor.uid, actor.idempotencyKey],
  );
  return { kind: 'changed', record: record!, from: step.from, to: step.to };
}

/** Something mail can be addressed to (a guest may have typed anything into the form). */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function usable(address: string | null | undefined): string | null {
  const trimmed = address?.trim();
  return trimmed && EMAIL_ADDRESS.test(trimmed) ? trimmed : null;
}

/**
 * Where a reply goes: the address the person gave with the question, else (a patient who asked
 * signed in without one) their account's address; null when neither is an email address.
 */
export async function replyAddress(tx: Sql, inquiry: Inquiry): Promise<string | null> {
  const own = usable(inquiry.email);
  if (own) return own;
  if (inquiry.user_id === null) return null;
  const [user] = await tx.query<{ email: string | null }>('SELECT email FROM users WHERE user_id = $1', [
    inquiry.user_id,
  ]);
  return usable(user?.email);
}
