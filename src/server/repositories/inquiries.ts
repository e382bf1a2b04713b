// Data access of inquiries (questions from patients and guests): the cached list, and the
// inquiry machine's writes (spec section 4) under a row lock, with their audit events.
import { InquirySchema, type Inquiry } from '../../shared/entities';
import { INQUIRY_STATES, normalizeReply, type InquiryState, type OtherChange } from '../../shared/inquiry-api';
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

/**
 * The inquiry's latest step of the machine (issue 19): the state it moved to, the reply it then
 * stored, who made it (their name as it was then; null before names existed) and when, and their
 * uid. Null for an inquiry never moved.
 */
export async function lastInquiryStep(tx: Sql, id: number): Promise<{ change: OtherChange; actorUid: string } | null> {
  const [row] = await tx.query<OtherChange & { actor_uid: string }>(
    `SELECT e.to_status AS state, CASE WHEN e.to_status = 'replied' THEN i.reply END AS reply,
       e.actor_name AS by, ${isoInstant('e.created_at')} AS at, e.actor_uid
     FROM request_status_events e JOIN inquiries i ON i.message_id = e.record_id
     WHERE e.entity = 'inquiries' AND e.record_id = $1 AND e.to_status = ANY($2::text[])
     ORDER BY e.event_id DESC LIMIT 1`,
    [id, [...INQUIRY_STATES]],
  );
  if (!row) return null;
  const { actor_uid: actorUid, ...change } = row;
  return { change, actorUid };
}
