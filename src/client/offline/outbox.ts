// The outbox processor. Sends queued changes in order, exactly once as far as the server can tell
// (each carries its Idempotency-Key), one at a time per record, and never loses one: an entry
// leaves the queue only when the server has answered it for good.
import type { CollectionName } from '../../shared/collections';
import { isBrowserOffline } from './connectivity';
import { db } from './db';
import type { OutboxEntry } from './outbox-entry';
import { planLanes, planOf, type Plan } from './outbox-plan';
import { currentSession, sendEntry } from './outbox-send';
import { keyRetentionDays } from './key-retention';
import { outboxStatus, type Round } from './outbox-status';
import { assertGeneration, authGate, currentGeneration, StaleGenerationError } from './session';
import { OUTBOX_LOCK, withLock, withLockIfFree } from './web-lock';
/** Different records go out side by side; one record's changes never do. */
const LANES = 4;

export interface DrainSummary {
  sent: number;
  rejected: number;
  /** Entries still to send (waiting for a retry or a sign-in; not those behind a conflict). */
  waiting: number;
  /** When the next entry falls due (its backoff ends), or null: the wake-up of the queue. */
  nextDueAt: number | null;
  collections: CollectionName[];
  /** Another context held the queue (it is sending it): this one did not look at it. */
  busy?: true;
}

export interface DrainOptions {
  /** Send every due-or-not entry now: the browser says the network is back (Background Sync). */
  ignoreBackoff?: boolean;
  /**
   * Give up at once when another context holds the queue, rather than wait for it (the service
   * worker: an event of its kept open waiting holds back a new version taking over, and the page
   * reloading into it, while that page holds the queue until it reloads).
   */
  unlessBusy?: boolean;
}

const BUSY: DrainSummary = { sent: 0, rejected: 0, waiting: 0, nextDueAt: null, collections: [], busy: true };

let running: Promise<DrainSummary> | null = null;
let again = false;
let againIgnoresBackoff = false;
let currentRound: Round | null = null;
const drainedListeners = new Set<(summary: DrainSummary) => void>();
const idleListeners = new Set<(summary: DrainSummary | null) => void>();

/** Heard after each drain that sent or refused something (the sync engine refreshes then). */
export function onOutboxDrained(listener: (summary: DrainSummary) => void): () => void {
  drainedListeners.add(listener);
  return () => drainedListeners.delete(listener);
}

/** Heard whenever this context stops draining, with the last pass's summary (the wake timer is set from it). */
export function onOutboxIdle(listener: (summary: DrainSummary | null) => void): () => void {
  idleListeners.add(listener);
  return () => idleListeners.delete(listener);
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
      const pass = () => drainHoldingLock(ignoreBackoff);
      summary = options.unlessBusy
        ? ((await withLockIfFree(OUTBOX_LOCK, pass)) ?? BUSY)
        : await withLock(OUTBOX_LOCK, pass);
      ignoreBackoff = againIgnoresBackoff;
    } while (again && !summary.busy);
    return summary;
  })();
  const done = (summary: DrainSummary | null) => {
    running = null;
    outboxStatus.set((s) => ({ ...s, draining: false }));
    idleListeners.forEach((listener) => listener(summary));
  };
  running.then(done, () => done(null));
  return running;
}

function queuePaused(ignoreBackoff: boolean): boolean {
  if (authGate.get() !== 'open' || isBrowserOffline()) return true;
  const until = outboxStatus.get().pausedUntil;
  return !ignoreBackoff && until !== null && until > Date.now();
}

/**
 * One pass: entries whose sender died are pending again, then the queue is planned and its lanes
 * sent, and planned again after each round that got anywhere. The last plan says what waits and
 * when the next entry is due: nothing plans the queue again for that.
 */
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
  const keyDays = keyRetentionDays();
  let plan: Plan = { lanes: [], nextDueAt: null, waiting: 0 };
  try {
    await recoverInterrupted(round.generation);
    // Whose turn it is matters only when something could go: no token is asked for otherwise,
    // and what waits is counted for its owners.
    const entries = await db.outbox.orderBy('seq').toArray();
    plan = planOf(entries, Date.now(), { uid: 'any', keyDays, ignoreBackoff });
    const session = plan.lanes.length > 0 && !queuePaused(ignoreBackoff) ? await currentSession(round) : null;
    if (session) plan = planOf(entries, Date.now(), { uid: session.uid, keyDays, ignoreBackoff });
    while (session && !round.stop && !queuePaused(ignoreBackoff) && plan.lanes.length > 0) {
      outboxStatus.set((s) => ({ ...s, draining: true }));
      const progressed = await runLanes(plan.lanes, round);
      plan = await planLanes(Date.now(), { uid: session.uid, keyDays, ignoreBackoff });
      if (!progressed) break;
    }
  } catch (error) {
    if (!(error instanceof StaleGenerationError)) throw error;
    round.stop = true;
  } finally {
    currentRound = null;
  }
  const stale = round.generation !== currentGeneration();
  const summary: DrainSummary = {
    sent: round.sent,
    rejected: round.rejected,
    waiting: stale ? 0 : plan.waiting + plan.lanes.reduce((sum, lane) => sum + lane.length, 0),
    nextDueAt: stale ? null : plan.nextDueAt,
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

/** Stops work in flight in this context (a wipe is under way here or in another context). */
export function abortOutboxWork(): void {
  currentRound?.abort.abort();
  if (currentRound) currentRound.stop = true;
}
