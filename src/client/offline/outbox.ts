// The outbox processor. Sends queued changes in order, exactly once as far as the server can tell
// (each carries its Idempotency-Key), one at a time per record, and never loses one: an entry
// leaves the queue only when the server has answered it for good.
import type { CollectionName } from '../../shared/collections';
import { isBrowserOffline } from './connectivity';
import { db } from './db';
import type { OutboxEntry } from './outbox-entry';
import { countSendable, planLanes } from './outbox-plan';
import { currentSession, sendEntry } from './outbox-send';
import { keyRetentionDays } from './key-retention';
import { outboxStatus, type Round } from './outbox-status';
import { assertGeneration, authGate, currentGeneration, StaleGenerationError } from './session';
import { OUTBOX_LOCK, withLock } from './web-lock';
/** Different records go out side by side; one record's changes never do. */
const LANES = 4;

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

let running: Promise<DrainSummary> | null = null;
let again = false;
let againIgnoresBackoff = false;
let currentRound: Round | null = null;
const drainedListeners = new Set<(summary: DrainSummary) => void>();
const idleListeners = new Set<() => void>();

/** Heard after each drain that sent or refused something (the sync engine refreshes then). */
export function onOutboxDrained(listener: (summary: DrainSummary) => void): () => void {
  drainedListeners.add(listener);
  return () => drainedListeners.delete(listener);
}

/** Heard whenever this context stops draining (the wake timer is set then). */
export function onOutboxIdle(listener: () => void): () => void {
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
      summary = await withLock(OUTBOX_LOCK, () => drainHoldingLock(ignoreBackoff));
      ignoreBackoff = againIgnoresBackoff;
    } while (again);
    return summary;
  })().finally(() => {
    running = null;
    outboxStatus.set((s) => ({ ...s, draining: false }));
    idleListeners.forEach((listener) => listener());
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
  const keyDays = keyRetentionDays();
  let uid: string | null = null;
  try {
    await recoverInterrupted(round.generation);
    if (!queuePaused(ignoreBackoff) && (await db.outbox.count()) > 0) {
      uid = (await currentSession(round))?.uid ?? null;
    }
    while (uid && !round.stop && !queuePaused(ignoreBackoff)) {
      const plan = await planLanes(Date.now(), { uid, keyDays, ignoreBackoff });
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
    waiting: round.generation === currentGeneration() ? await countSendable(uid ?? 'any', keyDays) : 0,
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
