// Idempotency-Key records (DESIGN.md section 3), used by src/server/plugins/app/idempotency.ts.
// `created_at` doubles as the owner's token: a take-over of a crashed run writes a new one.
// Compared at millisecond precision, the precision the query layer returns timestamps in.
import type { Sql } from '../db/client';
import { appendAccessEntriesWith, type NewAccessEntry } from './access-log';

export interface IdempotencyRecord {
  request_hash: string;
  state: 'running' | 'done';
  status_code: number | null;
  response_body: unknown;
  created_at: string;
  age_ms: number;
}

const NOW_MS = "date_trunc('milliseconds', clock_timestamp())";
const SAME_TOKEN = "date_trunc('milliseconds', created_at) = $3::timestamptz";

/** Claim a fresh key (autocommit, so a concurrent duplicate sees it). Token or null if taken. */
export async function insertRunningKey(
  db: Sql,
  uid: string,
  key: string,
  hash: string,
): Promise<string | null> {
  const [row] = await db.query<{ created_at: string }>(
    `INSERT INTO idempotency_keys (caller_uid, key, request_hash, state, created_at)
     VALUES ($1, $2, $3, 'running', ${NOW_MS})
     ON CONFLICT (caller_uid, key) DO NOTHING RETURNING created_at`,
    [uid, key, hash],
  );
  return row?.created_at ?? null;
}

export async function findKey(db: Sql, uid: string, key: string): Promise<IdempotencyRecord | undefined> {
  const [row] = await db.query<IdempotencyRecord>(
    `SELECT request_hash, state, status_code, response_body, created_at,
       (extract(epoch from (clock_timestamp() - created_at)) * 1000)::float8 AS age_ms
     FROM idempotency_keys WHERE caller_uid = $1 AND key = $2`,
    [uid, key],
  );
  return row;
}

/** Take over a stale running key if nobody else did. New token or null. */
export async function takeOverKey(db: Sql, uid: string, key: string, seen: string): Promise<string | null> {
  const [row] = await db.query<{ created_at: string }>(
    `UPDATE idempotency_keys SET created_at = ${NOW_MS}
     WHERE caller_uid = $1 AND key = $2 AND state = 'running' AND ${SAME_TOKEN}
     RETURNING created_at`,
    [uid, key, seen],
  );
  return row?.created_at ?? null;
}

/**
 * Store the answer, if the key is still the running claim `token` (the fence: a run whose key was
 * taken over or finished meanwhile gets false, and must roll back), and append the change's
 * access-log entries in the same statement. Row-locked until `tx` ends.
 */
export async function completeKey(
  tx: Sql,
  claim: { uid: string; key: string; token: string },
  answer: { status: number; body: unknown },
  access: readonly NewAccessEntry[],
): Promise<boolean> {
  return appendAccessEntriesWith(tx, access, {
    text: `UPDATE idempotency_keys SET state = 'done', status_code = $4, response_body = $5::jsonb
     WHERE caller_uid = $1 AND key = $2 AND state = 'running' AND ${SAME_TOKEN}
     RETURNING 1`,
    params: [claim.uid, claim.key, claim.token, answer.status, JSON.stringify(answer.body ?? null)],
  });
}

export async function releaseKey(db: Sql, uid: string, key: string, token: string): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys
     WHERE caller_uid = $1 AND key = $2 AND state = 'running' AND ${SAME_TOKEN}`,
    [uid, key, token],
  );
}

export async function purgeExpiredKeys(db: Sql, ttlDays: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 day' RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [ttlDays],
  );
  return row?.n ?? 0;
}

/** Keys stored (running and done), for /metrics. */
export async function countKeys(db: Sql): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys');
  return row?.n ?? 0;
}
