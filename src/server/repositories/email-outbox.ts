// The transactional email outbox: rows are written in the transaction of the change that causes
// them and delivered later by the mail worker (src/server/mail/outbox-worker.ts).
import type { Sql } from '../db/client';

export interface OutboxEmail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: string;
  attempts: number;
}

export interface NewEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export async function enqueueEmail(tx: Sql, email: NewEmail): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO email_outbox (kind, to_address, subject, body_text) VALUES ($1, $2, $3, $4)
     RETURNING id`,
    [email.kind, email.to, email.subject, email.text],
  );
  return row!.id;
}

/**
 * Claim due emails by leasing them: their next attempt moves `leaseMs` ahead, so no other worker
 * (another instance of the server) picks them up while this one sends outside any transaction.
 * A worker that dies mid-send leaves the lease to expire and the email is tried again.
 */
export async function claimDueEmails(db: Sql, limit: number, leaseMs: number): Promise<OutboxEmail[]> {
  return db.query<OutboxEmail>(
    `UPDATE email_outbox SET next_attempt_at = now() + $2 * interval '1 millisecond'
     WHERE id IN (
       SELECT id FROM email_outbox WHERE sent_at IS NULL AND next_attempt_at <= now()
       ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, to_address, subject, body_text, created_at, attempts`,
    [limit, leaseMs],
  );
}

export async function markEmailSent(db: Sql, id: number): Promise<void> {
  await db.query('UPDATE email_outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [id]);
}

export async function markEmailFailed(
  db: Sql,
  id: number,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET attempts = attempts + 1, last_error = $2,
       next_attempt_at = now() + $3 * interval '1 millisecond'
     WHERE id = $1`,
    [id, error, retryInMs],
  );
}

/**
 * Never send this email: its recipient is not a single address (a row queued before recipients
 * were checked). It stays, with the reason, and is never due again (a date the query layer can
 * still read, unlike 'infinity'); its body is cleared.
 */
export async function markEmailRefused(db: Sql, id: number, reason: string): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET attempts = attempts + 1, last_error = $2, body_text = '',
       next_attempt_at = '9999-12-31T00:00:00Z'
     WHERE id = $1`,
    [id, reason],
  );
}

/**
 * Clear the bodies of emails delivered more than `retentionMs` ago (MAIL_BODY_RETENTION): the
 * row and its metadata (kind, recipient, subject, times) stay as the record that it was sent.
 */
export async function purgeSentBodies(db: Sql, retentionMs: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (
       UPDATE email_outbox SET body_text = ''
       WHERE sent_at < now() - $1 * interval '1 millisecond' AND body_text <> '' RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [retentionMs],
  );
  return row?.n ?? 0;
}
