// Data access of inquiries (questions from patients and guests): the cached list, and the
// inquiry machine's writes (spec section 4) under a row lock, with their audit events.
import { InquirySchema, type Inquiry } from '../../shared/entities';
import { normalizeReply, type InquiryState } from '../../shared/inquiry-api';
import type { Sql } from '../db/client';
import { recipientOf, type Recipient } from '../mail/recipient';
import type { Actor } from './actor';
import { isoInstant, selectFields, type SyncedList } from './synced-list';

export const INQUIRY_LIST: SyncedList = {
  table: 'inquiries',
  keyColumn: 'message_id',
  schema: InquirySchema,
  columns: { created_at: isoInstant('t.created_at') },
  orderBy: 't.created_at DESC, t.message_id DESC',
};

const SET: Record<Exclude<InquiryState, 'replied'>, string> = {
  resolved: 'resolved = true',
  new: 'resolved = false',
};

/**
 * Moves a locked inquiry from state `from` to `to` (the machine allowed it; a repeat is never
 * written) and leaves its audit event (`request_status_events`, entity `inquiries`, the machine's
 * state names) in the same transaction. `to: 'replied'` stores the reply.
 */
export async function writeInquiryStep(
  tx: Sql,
  id: number,
  step: { from: InquiryState; to: InquiryState; reply?: string },
  actor: Actor,
): Promise<Inquiry> {
  const [record] =
    step.to === 'replied'
      ? await tx.query<Inquiry>(
          `UPDATE inquiries t SET resolved = true, replied = true, reply = $2, replied_at = now()
           WHERE t.message_id = $1 RETURNING ${selectFields(INQUIRY_LIST)}`,
          [id, normalizeReply(step.reply ?? '')],
        )
      : await tx.query<Inquiry>(
          `UPDATE inquiries t SET ${SET[step.to]} WHERE t.message_id = $1 RETURNING ${selectFields(INQUIRY_LIST)}`,
          [id],
        );
  await tx.query(
    `INSERT INTO request_status_events
       (entity, record_id, from_status, to_status, actor_uid, idempotency_key, actor_name)
     VALUES ('inquiries', $1, $2, $3, $4, $5, $6)`,
    [id, step.from, step.to, actor.uid, actor.idempotencyKey, actor.name],
  );
  return record!;
}

/**
 * Where a reply goes and which field says so: the address the person gave with the question,
 * else (a patient who asked signed in without one) their account's address. `none` when neither
 * holds an address; `invalid` when the one that would be used is not a single address.
 */
export async function replyRecipient(tx: Sql, inquiry: Inquiry): Promise<{ field: string; recipient: Recipient }> {
  const own = recipientOf(inquiry.email);
  if (own.kind !== 'none' || inquiry.user_id === null) return { field: 'email', recipient: own };
  const [user] = await tx.query<{ email: string | null }>('SELECT email FROM users WHERE user_id = $1', [
    inquiry.user_id,
  ]);
  return { field: "The account's email", recipient: recipientOf(user?.email) };
}
