// The outbox processor. Sends queued changes in order, exactly once as far as the server can tell
// (each carries its Idempotency-Key), one at a time per record, and never loses one: an entry
// leaves the queue only when the server has answered it for good.
import type { CollectionName } from '../../shared/collections';
import { backoffDelay } from './backoff';
import { requestBackgroundSync } from './background-sync';
import { reportAnswer, reportNoAnswer, isBrowserOffline } from './connectivity';
import { collectionTable, db } from './db';
import { apiRequest, NetworkError } from './http';
import { onOutboxMessage } from './outbox-channel';
import { isSupportedEntry, type OutboxEntry } from './outbox-entry';
import { classifyError, type Outcome } from './outcome';
import { publishResult } from './outbox-results';
import { observable } from './observable';
import { applyPatch, baseOf, rebaseRecord, rebuildRecord, recordKeyOf } from './rebase';
import { newIdempotencyKey } from './enqueue';
import {
  assertGeneration,
  authGate,
  bumpGeneration,
  currentGeneration,
  getToken,
  onResume,
  resumeAfterSignIn,
  StaleGenerationError,
} from './session';
import { withLock } from './web-lock';

const OUTBOX_LOCK = 'pharmacy-outbox';
const SEND_TIMEOUT_MS = 30_000;
/** Different records go out side by side; one record's changes never do. */
const LANES = 4;

export interface OutboxStatus {
  /** This context is sending right now. */
  draining: boolean;
  /** The whole queue waits until then (no network, server overloaded). */
  pausedUntil: number | null;
}

export const outboxStatus = observable<OutboxStatus>({ draining: false, pausedUntil: null });

export interface DrainSummary {
  sent: number;
  rejected: number;
  /** Entries still to send (waiting for a retry or a sign-in; not those behind a conflict). */
  waiting: number;
  collections: CollectionName[];
}

export interface DrainOptions {
  /** Send every due-or-not entry now: the browser says the network is back (Background Sync). */
  ignoreBackoff?: boolean;
}

type SendResult = 'sent' | 'rejected' | 'retry' | 'stop' | 'skipped';

interface Round {
  generation: number;
  stop: boolean;
  abort: AbortController;
  sent: number;
  rejected: number;
  collections: Set<CollectionName>;
}

let running: Promise<DrainSummary> | null = null;
let again = false;
let againIgnoresBackoff = false;
let currentRound: Round | null = null;
let wakeTimer: ReturnType<typeof setTimeout> | null = null;
let wakeEnabled = false;
const drainedListeners = new Set<(summary: DrainSummary) => void>();

/** Heard after each drain that sent or refused something (the sync engine refreshes then). */
export function onOutboxDrained(listener: (summary: DrainSummary) => void): () => void {
  drainedListeners.add(listener);
  return () => drainedListeners.delete(listener);
}

/** Call on every ID-token change: a queue paused by a 401/403 goes on, and so does the sync. */
export function resumeOutbox(): void {
  outboxStatus.set((s) => ({ ...s, pausedUntil: null }));
  resumeAfterSignIn();
}

export function kickOutbox(): void {
  drainOutbox().catch((error: unknown) => console.error('Outbox drain failed', error));
}

/** Drains the queue once (coalescing concurrent calls); resolves when this context is done. */
export function drainOutbox(options: DrainOptions = {}): Promise<DrainSummary> {
  if (running) {
    again = true;
    againIgnoresBackoff ||= Boolean(options.ignoreBackoff);
    return running;
  }
  running = (async () => {
    let summary: DrainSummary;
    let ignoreBackoff = Boolean(options.ignoreBackoff);
    do {
      again = false;
      againIgnoresBackoff = false;
      summary = await withLock(OUTBOX_LOCK, () => drainHoldingLock(ignoreBackoff));
      ignoreBackoff = againIgnoresBackoff;
    } while (again);
    return summary;
  })().finally(() => {
    running = null;
    outboxStatus.set((s) => ({ ...s, draining: false }));
    if (wakeEnabled) scheduleWake().catch(() => undefined);
  });
  return running;
}

function queuePaused(ignoreBackoff: boolean): boolean {
  if (authGate.get() !== 'open' || isBrowserOffline()) return true;
  const until = outboxStatus.get().pausedUntil;
  return !ignoreBackoff && until !== null && until > Date.now();
}

async function drainHoldingLock(ignoreBackoff: boolean): Promise<DrainSummary> {
  const round: Round = {
    generation: currentGeneration(),
    stop: false,
    abort: new AbortController(),
    sent: 0,
    rejected: 0,
    collections: new Set(),
  };
  currentRound = round;
  try {
    await recoverInterrupted(round.generation);
    while (!round.stop && !queuePaused(ignoreBackoff)) {
      const plan = await planLanes(Date.now(), ignoreBackoff);
      if (plan.lanes.length === 0) break;
      outboxStatus.set((s) => ({ ...s, draining: true }));
      const progressed = await runLanes(plan.lanes, round);
      if (!progressed) break;
    }
  } catch (error) {
    if (!(error instanceof StaleGenerationError)) throw error;
    round.stop = true;
  } finally {
    currentRound = null;
  }
  const summary: DrainSummary = {
    sent: round.sent,
    rejected: round.rejected,
    waiting: round.generation === currentGeneration() ? await countSendable() : 0,
    collections: [...round.collections],
  };
  if (summary.sent + summary.rejected > 0) drainedListeners.forEach((listener) => listener(summary));
  return summary;
}

/** Holding the lock, an entry marked 'sending' is one whose sender died mid-request. */
async function recoverInterrupted(generation: number): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    assertGeneration(generation);
    await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
  });
}

/** Entries that could go now if the server answered (not blocked behind a refused one). */
async function countSendable(): Promise<number> {
  const { lanes } = await planLanes(Date.now(), true);
  return lanes.reduce((sum, lane) => sum + lane.length, 0);
}

interface Plan {
  /** Per record, the entries that may go now, in order. */
  lanes: OutboxEntry[][];
  /** The earliest moment an entry at the head of its record becomes due. */
  nextDueAt: number | null;
}

/**
 * FIFO per record: an entry may go only when every earlier entry of its record is done. A
 * conflict or failure blocks the record until it is retried or discarded; other records go on.
 */
export async function planLanes(now: number, ignoreBackoff = false): Promise<Plan> {
  const entries = await db.outbox.orderBy('seq').toArray();
  const lanes = new Map<string, OutboxEntry[]>();
  const blocked = new Set<string>();
  let nextDueAt: number | null = null;
  for (const entry of entries) {
    const record = `${entry.collection}:${entry.recordKey}`;
    if (blocked.has(record)) continue;
    const due = ignoreBackoff || entry.nextAttemptAt <= now;
    if (entry.state !== 'pending' || !isSupportedEntry(entry) || !due) {
      blocked.add(record);
      if (entry.state === 'pending' && !due && !lanes.has(record)) {
        nextDueAt = Math.min(nextDueAt ?? Infinity, entry.nextAttemptAt);
      }
      continue;
    }
    const lane = lanes.get(record);
    if (lane) lane.push(entry);
    else lanes.set(record, [entry]);
  }
  return { lanes: [...lanes.values()], nextDueAt };
}

async function runLanes(lanes: OutboxEntry[][], round: Round): Promise<boolean> {
  let next = 0;
  let progressed = false;
  const worker = async () => {
    while (!round.stop && next < lanes.length) {
      const lane = lanes[next++] ?? [];
      for (const entry of lane) {
        if (round.stop) return;
        const result = await sendEntry(entry, round);
        if (result === 'sent' || result === 'rejected') progressed = true;
        if (result !== 'sent') break;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LANES, lanes.length) }, worker));
  return progressed;
}

async function claim(entry: OutboxEntry, generation: number): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    assertGeneration(generation);
    const fresh = await db.outbox.get(entry.seq as number);
    if (!fresh || fresh.id !== entry.id || fresh.state !== 'pending') return null;
    await db.outbox.update(entry.seq as number, { state: 'sending' });
    return fresh;
  });
}

async function attempt(entry: OutboxEntry, token: string, signal: AbortSignal): Promise<Outcome> {
  try {
    const response = await apiRequest<unknown>(entry.path, {
      method: entry.method,
      body: entry.body,
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

async function sendEntry(queued: OutboxEntry, round: Round): Promise<SendResult> {
  let token: string | null;
  try {
    token = await getToken(false);
    tokenFailures = 0;
  } catch {
    // Not a refusal: the identity service is out of reach. Wait like for any lost connection.
    tokenFailures += 1;
    round.stop = true;
    outboxStatus.set((s) => ({ ...s, pausedUntil: Date.now() + backoffDelay(tokenFailures, null) }));
    return 'retry';
  }
  if (!token) {
    // Nobody is signed in on this device: wait for a sign-in (resumeOutbox).
    authGate.set('signed-out');
    round.stop = true;
    return 'stop';
  }
  const entry = await claim(queued, round.generation);
  if (!entry) return 'skipped';
  let outcome = await attempt(entry, token, round.abort.signal);
  if (outcome.kind === 'auth' && outcome.status === 401) {
    // The cached token may have just expired or been revoked: one fresh try before pausing.
    const fresh = await getToken(true).catch(() => null);
    if (fresh) outcome = await attempt(entry, fresh, round.abort.signal);
  }
  return settle(entry, outcome, round);
}

/** Pulls the record out of a 2xx answer: PUTs answer the record, notify `{record, ...}`. */
export function recordFromResponse(collection: CollectionName, response: unknown): object | null {
  if (!response || typeof response !== 'object') return null;
  const keyOf = (value: unknown) =>
    value && typeof value === 'object' && typeof recordKeyOf(collection, value) === 'number';
  if (keyOf(response) && !('record' in response)) return response;
  const inner = (response as { record?: unknown }).record;
  if (keyOf(inner)) return inner as object;
  return keyOf(response) ? response : null;
}

async function settle(entry: OutboxEntry, outcome: Outcome, round: Round): Promise<SendResult> {
  const seq = entry.seq as number;
  const table = collectionTable(entry.collection);
  const stillOurs = async () => (await db.outbox.get(seq))?.id === entry.id;
  const now = Date.now();
  switch (outcome.kind) {
    case 'sent': {
      const record = recordFromResponse(entry.collection, outcome.response);
      await db.transaction('rw', table, db.outbox, async () => {
        assertGeneration(round.generation);
        if (await stillOurs()) await db.outbox.delete(seq);
        if (record) {
          await rebaseRecord(entry.collection, record, { confirmedAt: now });
        } else {
          // A 2xx whose body was lost: the server did apply it, so the change joins the base.
          const row = await table.get(entry.recordKey);
          if (row) await rebaseRecord(entry.collection, applyPatch(baseOf(row), entry));
        }
      });
      round.sent += 1;
      round.collections.add(entry.collection);
      publishResult(entry.id, { ok: true, record });
      return 'sent';
    }
    case 'rejected': {
      await db.transaction('rw', table, db.outbox, async () => {
        assertGeneration(round.generation);
        if (await stillOurs()) {
          await db.outbox.update(seq, {
            state: outcome.state,
            attempts: entry.attempts + 1,
            lastError: outcome.message,
            lastStatus: outcome.status,
          });
        }
        // The server's state is never overwritten: its record (or our base) is the view now.
        if (recordFromResponse(entry.collection, outcome.record)) {
          await rebaseRecord(entry.collection, outcome.record as object, { confirmedAt: now });
        } else {
          await rebuildRecord(entry.collection, entry.recordKey);
        }
      });
      round.rejected += 1;
      round.collections.add(entry.collection);
      publishResult(entry.id, { ok: false, status: outcome.status, message: outcome.message });
      return 'rejected';
    }
    case 'retry': {
      const attempts = entry.attempts + 1;
      const nextAttemptAt = now + backoffDelay(attempts, outcome.retryAfterMs);
      await putBack(entry, round, {
        attempts,
        nextAttemptAt,
        lastError: outcome.message,
        lastStatus: outcome.status,
      });
      if (outcome.queueWide) {
        round.stop = true;
        outboxStatus.set((s) => ({ ...s, pausedUntil: nextAttemptAt }));
      }
      return 'retry';
    }
    case 'auth': {
      await putBack(entry, round, { lastError: outcome.message, lastStatus: outcome.status });
      round.stop = true;
      authGate.set('refused');
      return 'stop';
    }
  }
}

async function putBack(entry: OutboxEntry, round: Round, changes: Partial<OutboxEntry>): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    assertGeneration(round.generation);
    const current = await db.outbox.get(entry.seq as number);
    if (current?.id !== entry.id) return;
    await db.outbox.update(entry.seq as number, { ...changes, state: 'pending' });
  });
}

async function scheduleWake(): Promise<void> {
  if (wakeTimer) clearTimeout(wakeTimer);
  wakeTimer = null;
  if (authGate.get() !== 'open' || isBrowserOffline()) return;
  const { nextDueAt } = await planLanes(Date.now());
  const pausedUntil = outboxStatus.get().pausedUntil;
  const candidates = [nextDueAt, pausedUntil].filter((t): t is number => t !== null);
  if (candidates.length === 0) return;
  const at = Math.max(...candidates);
  const delay = Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1);
  wakeTimer = setTimeout(() => {
    wakeTimer = null;
    kickOutbox();
  }, delay);
}

/** Conflict or failed -> pending again, with a new Idempotency-Key (the old one's answer is stored). */
export async function retryEntry(id: string): Promise<OutboxEntry | null> {
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry || (entry.state !== 'conflict' && entry.state !== 'failed')) return null;
  const table = collectionTable(entry.collection);
  const retried: OutboxEntry = {
    ...entry,
    id: newIdempotencyKey(),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: Date.now(),
    lastError: null,
    lastStatus: null,
  };
  const done = await db.transaction('rw', table, db.outbox, async () => {
    const current = await db.outbox.get(entry.seq as number);
    if (current?.id !== id || (current.state !== 'conflict' && current.state !== 'failed')) return false;
    await db.outbox.put(retried);
    await rebuildRecord(entry.collection, entry.recordKey);
    return true;
  });
  if (!done) return null;
  kickOutbox();
  void requestBackgroundSync();
  return retried;
}

/** Drops a queued change and shows the record as the server last had it. Not while sending. */
export async function discardEntry(id: string): Promise<boolean> {
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return false;
  const table = collectionTable(entry.collection);
  const done = await db.transaction('rw', table, db.outbox, async () => {
    const current = await db.outbox.get(entry.seq as number);
    if (current?.id !== id || current.state === 'sending') return false;
    await db.outbox.delete(entry.seq as number);
    await rebuildRecord(entry.collection, entry.recordKey);
    return true;
  });
  if (done) {
    publishResult(id, { ok: false, status: 0, message: 'The change was discarded.' });
    // Changes queued behind it may go now.
    kickOutbox();
  }
  return done;
}

/** Stops work in flight in this context (a wipe is under way here or in another context). */
export function abortOutboxWork(): void {
  currentRound?.abort.abort();
  if (currentRound) currentRound.stop = true;
  if (wakeTimer) clearTimeout(wakeTimer);
  wakeTimer = null;
}

/**
 * The page's triggers: start, `online`, focus, sign-in, the backoff timer and a message from the
 * service worker. Returns a function that removes them.
 */
export function startOutbox(): () => void {
  wakeEnabled = true;
  const kick = () => kickOutbox();
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  const onOnline = () => {
    reportAnswer();
    outboxStatus.set((s) => ({ ...s, pausedUntil: null }));
    kick();
  };
  const onWorkerMessage = (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'outbox-drained') kick();
  };
  const cleanups = [
    onResume(kick),
    onOutboxMessage((message) => {
      if (message.type === 'wiped') {
        bumpGeneration();
        abortOutboxWork();
      }
      // Another context (the service worker) finished: entries behind its work may be due.
      if (message.type === 'drained') kick();
    }),
  ];
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('focus', kick);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    cleanups.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', kick);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    });
  }
  kick();
  return () => {
    wakeEnabled = false;
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    cleanups.forEach((cleanup) => cleanup());
  };
}

/** After an enqueue: drain here, and let the browser drain later if this tab goes away. */
export function afterEnqueue(): void {
  kickOutbox();
  void requestBackgroundSync();
}
