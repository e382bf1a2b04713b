// Idempotency-Key handling for every mutating route (DESIGN.md section 3). The PWA's outbox
// resends a change until it gets an answer, so a replay must return the stored answer and cause
// no second effect (no second status change, no second email).
//
//   return runIdempotent(request, reply, async (tx) => ({ status: 200, body: record }));
//
// The handler's writes and the stored response commit in ONE transaction: a crash leaves either
// both or neither. The key is first claimed as 'running' in its own autocommit statement so a
// concurrent duplicate sees it and gets 409 in_progress instead of running the effect twice.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ALIAS_BASE, API_BASE } from '../../../shared/constants';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/prescription-api';
import type { Sql } from '../../db/client';
import { errorBody } from '../../errors';
import { appendAccessEntries, type NewAccessEntry } from '../../repositories/access-log';
import {
  completeKey,
  findKey,
  insertRunningKey,
  releaseKey,
  takeOverKey,
} from '../../repositories/idempotency-keys';

export interface IdempotentResult {
  status: number;
  body: unknown;
  /** Runs once the effect has committed (not on a replay), e.g. to wake the mail worker. */
  afterCommit?: () => void;
  /** The change's access-log entries: appended with the stored answer, in its statement. */
  access?: readonly NewAccessEntry[];
}

/**
 * A running key older than this belongs to a run that crashed: its transaction never committed.
 * Taking over a run that is in fact alive is safe (the fence in runIdempotent stops it), so this
 * only needs to outlast a normal run, and a device retrying after a crash waits no longer.
 */
export const STALE_RUNNING_MS = 15_000;

export function errorResult(
  status: number,
  code: string,
  message: string,
  record?: unknown,
): IdempotentResult {
  return { status, body: errorBody(code, message, record) };
}

/**
 * Method, path below the API base (either prefix) and the body as RFC 8785 canonical JSON (keys
 * sorted), so `{a,b}` and `{b,a}` hash alike; no body hashes as an empty one.
 */
export function requestHash(request: FastifyRequest): string {
  let path = request.url.split('?')[0] ?? '';
  for (const base of [API_BASE, API_ALIAS_BASE]) {
    if (path.startsWith(`${base}/`)) {
      path = path.slice(base.length);
      break;
    }
  }
  return createHash('sha256')
    .update(`${request.method}\n${path}\n${canonicalize(request.body) ?? ''}`)
    .digest('hex');
}

/** The run's key was taken over or finished meanwhile: its writes roll back. */
class Lost extends Error {
  constructor() {
    super('lost');
  }
}

class Rollback extends Error {
  constructor(readonly result: IdempotentResult) {
    super('rollback');
  }
}

/** A 5xx is never a settled answer: throwing rolls back whatever the handler wrote. */
function settled(result: IdempotentResult): IdempotentResult {
  if (result.status >= 500) throw new Rollback(result);
  return result;
}

interface Answer {
  answer: IdempotentResult;
  headers?: Record<string, string>;
}
/** Either this request now owns the key (its token) or it gets an answer without running. */
type Claim = { token: string } | Answer;

const BAD_KEY: Answer = {
  answer: errorResult(
    400,
    'bad_request',
    'Idempotency-Key must be 1 to 200 characters of letters, digits, "_", ".", ":" or "-".',
  ),
};
const MISMATCH: Answer = {
  answer: errorResult(
    422,
    'idempotency_mismatch',
    'This Idempotency-Key was already used with a different request.',
  ),
};
const IN_PROGRESS: Answer = {
  answer: errorResult(409, 'in_progress', 'A request with this Idempotency-Key is still being processed.'),
  headers: { 'Retry-After': '1' },
};

interface KeyRef {
  db: Sql;
  uid: string;
  key: string;
  hash: string;
}

/** Answer from the key's record; with `mayClaim`, take the key when it is free or stale. */
async function answerFromRecord(ref: KeyRef, mayClaim: boolean): Promise<Claim> {
  const { db, uid, key, hash } = ref;
  const existing = await findKey(db, uid, key);
  let token: string | null = null;
  if (!existing) {
    // Released by a failed run since we looked.
    if (mayClaim) token = await insertRunningKey(db, uid, key, hash);
  } else if (existing.request_hash !== hash) {
    return MISMATCH;
  } else if (existing.state === 'done') {
    return {
      answer: { status: existing.status_code ?? 200, body: existing.response_body },
      headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
    };
  } else if (mayClaim && existing.age_ms >= STALE_RUNNING_MS) {
    token = await takeOverKey(db, uid, key, existing.created_at);
  }
  return token ? { token } : IN_PROGRESS;
}

async function claimKey(ref: KeyRef): Promise<Claim> {
  const token = await insertRunningKey(ref.db, ref.uid, ref.key, ref.hash);
  return token ? { token } : answerFromRecord(ref, true);
}

function send(reply: FastifyReply, { answer, headers }: Answer): FastifyReply {
  if (headers) reply.headers(headers);
  return reply.code(answer.status).send(answer.body);
}

export async function runIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  handler: (tx: Sql) => Promise<IdempotentResult>,
): Promise<FastifyReply> {
  const db = request.server.db;
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    try {
      const result = await db.transaction(async (tx) => {
        const done = settled(await handler(tx));
        if (done.access) await appendAccessEntries(tx, done.access);
        return done;
      });
      result.afterCommit?.();
      return send(reply, { answer: result });
    } catch (error) {
      if (error instanceof Rollback) return send(reply, { answer: error.result });
      throw error;
    }
  }
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) return send(reply, BAD_KEY);

  const ref: KeyRef = { db, uid: request.user.uid, key: header, hash: requestHash(request) };
  const claim = await claimKey(ref);
  if (!('token' in claim)) return send(reply, claim);
  const { token } = claim;

  let outcome: IdempotentResult | 'lost';
  try {
    outcome = await db.transaction(async (tx): Promise<IdempotentResult> => {
      const result = settled(await handler(tx));
      // Fence: a slow run whose key was taken over (or finished) meanwhile must not apply its
      // effect. Checked as the answer is stored, in the same statement as the access log's
      // entries: round trips fewer under the write lock, and the writes roll back all the same.
      if (!(await completeKey(tx, { uid: ref.uid, key: ref.key, token }, result, result.access ?? []))) throw new Lost();
      return result;
    });
  } catch (error) {
    if (error instanceof Lost) {
      outcome = 'lost';
    } else {
      // Not stored: the caller may retry with the same key.
      await releaseKey(db, ref.uid, ref.key, token).catch(() => undefined);
      if (error instanceof Rollback) return send(reply, { answer: error.result });
      throw error;
    }
  }
  if (outcome === 'lost') {
    const now = await answerFromRecord(ref, false);
    return send(reply, 'token' in now ? IN_PROGRESS : now);
  }
  outcome.afterCommit?.();
  return send(reply, { answer: outcome });
}
