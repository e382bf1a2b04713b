// Sends one queued change: a token, the claim (state 'sending'), the request with its
// Idempotency-Key, one fresh token after a 401, then the answer is settled.
import { pathOf } from '../../shared/actions/define';
import { actionDef } from '../../shared/actions/registry';
import { backoffDelay } from '../../shared/backoff';
import { MADE_OFFLINE_HEADER, OCCURRED_AT_HEADER } from '../../shared/constants';
import { reportAnswer, reportNoAnswer } from './connectivity';
import { db } from './db';
import { apiRequest, NetworkError } from './http';
import type { OutboxEntry } from './outbox-entry';
import { OUTBOX_BACKOFF, settle } from './outbox-settle';
import { outboxStatus, type Round, type SendResult } from './outbox-status';
import { classifyError, type Outcome } from './outcome';
import { assertGeneration, authGate, getToken, StaleGenerationError, type SessionToken } from './session';

const SEND_TIMEOUT_MS = 30_000;

async function claim(entry: OutboxEntry, generation: number): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    assertGeneration(generation);
    const fresh = await db.outbox.get(entry.seq as number);
    if (!fresh || fresh.id !== entry.id || fresh.state !== 'pending') return null;
    await db.outbox.update(entry.seq as number, { state: 'sending' });
    return fresh;
  });
}

/** The call an entry makes, worked out from its action (the registry) and arguments. */
export function requestOf(entry: Pick<OutboxEntry, 'action' | 'args'>): { method: 'PUT' | 'POST'; path: string; body: unknown } {
  const def = actionDef(entry.action);
  if (!def) throw new Error(`Unknown action ${entry.action}`);
  return { method: def.method, path: pathOf(def.route, entry.args.params), body: entry.args.body };
}

async function attempt(entry: OutboxEntry, token: string, signal: AbortSignal): Promise<Outcome> {
  try {
    const { method, path, body } = requestOf(entry);
    const response = await apiRequest<unknown>(path, {
      method,
      body,
      // When the person made the change, and whether offline: the access log keeps both.
      headers: {
        [OCCURRED_AT_HEADER]: new Date(entry.createdAt).toISOString(),
        ...(entry.offline ? { [MADE_OFFLINE_HEADER]: '1' } : {}),
      },
      token,
      idempotencyKey: entry.id,
      signal,
      timeoutMs: SEND_TIMEOUT_MS,
    });
    reportAnswer();
    return { kind: 'sent', response };
  } catch (error) {
    if (signal.aborted) throw new StaleGenerationError();
    if (error instanceof NetworkError) reportNoAnswer();
    else reportAnswer();
    return classifyError(error);
  }
}

/** Consecutive failures to get a token at all (Firebase could not refresh it: no network). */
let tokenFailures = 0;

/**
 * The signed-in person's token, or null (the round stops): nobody is signed in (wait for a
 * sign-in), or the identity service is out of reach (wait like for any lost connection).
 */
export async function currentSession(round: Round): Promise<SessionToken | null> {
  let session: SessionToken | null;
  try {
    session = await getToken(false);
    tokenFailures = 0;
  } catch {
    tokenFailures += 1;
    round.stop = true;
    outboxStatus.set((s) => ({ ...s, pausedUntil: Date.now() + backoffDelay(OUTBOX_BACKOFF, tokenFailures) }));
    return null;
  }
  if (!session) {
    authGate.set('signed-out');
    round.stop = true;
  }
  return session;
}

export async function sendEntry(queued: OutboxEntry, round: Round): Promise<SendResult> {
  const session = await currentSession(round);
  if (!session) return 'stop';
  // Keys are scoped per caller on the server: a change goes with its own person's token only.
  const owner = queued.owner?.uid;
  if (session.uid !== owner) {
    round.stop = true;
    return 'stop';
  }
  const entry = await claim(queued, round.generation);
  if (!entry) return 'skipped';
  let outcome = await attempt(entry, session.token, round.abort.signal);
  if (outcome.kind === 'auth' && outcome.status === 401) {
    // The cached token may have just expired or been revoked: one fresh try before pausing.
    const fresh = await getToken(true).catch(() => null);
    if (fresh?.uid === owner) outcome = await attempt(entry, fresh.token, round.abort.signal);
  }
  return settle(entry, outcome, round);
}
