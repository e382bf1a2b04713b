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

/** An email claimed for sending, with the token that names this claim. */
export interface ClaimedEmail extends OutboxEmail {
  claim: string;
}

/**
 * Claim due emails by leasing them: their next attempt moves `leaseMs` ahead, so no other worker
 * (another instance of the server) picks them up while this one sends outside any transaction.
 * The sender renews the lease while it sends (renewClaim); a worker that dies leaves it to run
 * out, and the email is due again that soon after.
 */
export async function claimDueEmails(db: Sql, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  return db.query<ClaimedEmail>(
    `UPDATE email_outbox SET next_attempt_at = now() + $2 * interval '1 millisecond',
       claim = gen_random_uuid()::text
     WHERE id IN (
       SELECT id FROM email_outbox WHERE sent_at IS NULL AND next_attempt_at <= now()
       ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, to_address, subject, body_text, created_at, attempts, claim`,
    [limit, leaseMs],
  );
}

/**
 * Extend the lease of a claim still held: false when another worker has claimed the email since
 * (this one's lease ran out) or it was sent; the sender then stops, never renewing theirs.
 */
export async function renewClaim(db: Sql, email: ClaimedEmail, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE email_outbox SET next_attempt_at = now() + $3 * interval '1 millisecond'
     WHERE id = $1 AND claim = $2 AND sent_at IS NULL RETURNING 1`,
    [email.id, email.claim, leaseMs],
  );
  return rows.length > 0;
}

/** Give a claim back unsent (the server is stopping): the email is due again at once. */
export async function releaseClaim(db: Sql, email: ClaimedEmail): Promise<void> {
  await db.query(
    'UPDATE email_outbox SET next_attempt_at = now(), claim = NULL WHERE id = $1 AND claim = $2 AND sent_at IS NULL',
    [email.id, email.claim],
  );
}

/** Milliseconds until the next unsent email is due (a lease running out, a retry); null: none. */
export async function nextDueInMs(db: Sql): Promise<number | null> {
  const [row] = await db.query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms
     FROM email_outbox WHERE sent_at IS NULL`,
  );
  return row?.ms ?? null;
}

/** Sent, whoever holds the claim now: the SMTP server has the message. */
export async function markEmailSent(db: Sql, id: number): Promise<void> {
  await db.query('UPDATE email_outbox SET sent_at = now(), last_error = NULL, claim = NULL WHERE id = $1', [id]);
}

/** A failed attempt, retried `retryInMs` later; not when the claim is no longer this sender's. */
export async function markEmailFailed(
  db: Sql,
  email: ClaimedEmail,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET attempts = attempts + 1, last_error = $2, claim = NULL,
       next_attempt_at = now() + $3 * interval '1 millisecond'
     WHERE id = $1 AND claim = $4`,
    [email.id, error, retryInMs, email.claim],
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

/**
 * Emails waiting to be sent and the oldest one's age in seconds (0 when none), for /metrics: one
 * statement on the pending index. A refused email (never due again) is not waiting.
 */
export async function outboxBacklog(db: Sql): Promise<{ waiting: number; oldestSeconds: number }> {
  const [row] = await db.query<{ waiting: number; oldest_seconds: number | null }>(
    `SELECT count(*)::int AS waiting,
       extract(epoch FROM now() - min(created_at))::float8 AS oldest_seconds
     FROM email_outbox WHERE sent_at IS NULL AND next_attempt_at < '9999-01-01T00:00:00Z'`,
  );
  return { waiting: row?.waiting ?? 0, oldestSeconds: Math.max(0, row?.oldest_seconds ?? 0) };
}
