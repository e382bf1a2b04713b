// What the server's answer does to a queued change, its record and the queue.
import { backoffDelay, type Backoff } from '../../shared/backoff';
import { actionDef } from '../../shared/actions/registry';
import { COLLECTIONS } from '../../shared/collections';
import { db } from './db';
import { isChange, type OutboxEntry } from './outbox-entry';
import { publishResult } from './outbox-results';
import { outboxStatus, type Round, type SendResult } from './outbox-status';
import type { Outcome } from './outcome';
import { assertGeneration, authGate } from './session';

/** The queue's retries: the first within 1 s, then doubling to at most 5 minutes apart. */
export const OUTBOX_BACKOFF: Backoff = { baseMs: 1000, capMs: 5 * 60 * 1000 };

/** The record in a server's answer, as its action says it carries it; checked to be that record. */
function answeredRecord(entry: OutboxEntry, answer: unknown, fromError: boolean): Record<string, unknown> | null {
  if (!isChange(entry)) return null;
  const machine = actionDef(entry.action)?.record;
  const record = fromError ? answer : machine?.fromAnswer(answer);
  if (!record || typeof record !== 'object') return null;
  const key = (record as Record<string, unknown>)[COLLECTIONS[entry.collection].key];
  return key === entry.recordKey ? (record as Record<string, unknown>) : null;
}

/**
 * Only the outbox is written: the answer rides on the entry (laid over the cached row by the
 * view), and the row itself is brought by the next sync, which then lets the entry go
 * (sync-engine.ts). So an answer and a sync page asked for before it can never race.
 */
export async function settle(entry: OutboxEntry, outcome: Outcome, round: Round): Promise<SendResult> {
  const seq = entry.seq as number;
  const stillOurs = async () => (await db.outbox.get(seq))?.id === entry.id;
  const now = Date.now();
  switch (outcome.kind) {
    case 'sent': {
      const record = answeredRecord(entry, outcome.response, false);
      await db.transaction('rw', db.outbox, async () => {
        assertGeneration(round.generation);
        if (!(await stillOurs())) return;
        // An access-log entry has no record to show: it is done once taken.
        if (isChange(entry)) await db.outbox.update(seq, { state: 'sent', answer: { record, at: now } });
        else await db.outbox.delete(seq);
      });
      round.sent += 1;
      if (entry.collection) round.collections.add(entry.collection);
      publishResult(entry.id, { ok: true, record, response: outcome.response });
      return 'sent';
    }
    case 'rejected': {
      // The server's state is never overwritten: its record, when it sent one, is the view now.
      const record = answeredRecord(entry, outcome.record, true);
      await db.transaction('rw', db.outbox, async () => {
        assertGeneration(round.generation);
        if (!(await stillOurs())) return;
        await db.outbox.update(seq, {
          state: outcome.state,
          attempts: entry.attempts + 1,
          lastError: outcome.message,
          lastProblem: outcome.problem ?? null,
          lastStatus: outcome.status,
          ...(record ? { answer: { record, at: now } } : {}),
        });
      });
      round.rejected += 1;
      if (entry.collection) round.collections.add(entry.collection);
      publishResult(entry.id, { ok: false, status: outcome.status, message: outcome.message, ...(outcome.problem ? { problem: outcome.problem } : {}) });
      return 'rejected';
    }
    case 'retry': {
      const attempts = entry.attempts + 1;
      const nextAttemptAt = now + backoffDelay(OUTBOX_BACKOFF, attempts, outcome.retryAfterMs);
      await putBack(entry, round, {
        attempts,
        nextAttemptAt,
        lastError: outcome.message,
        lastProblem: outcome.problem ?? null,
        lastStatus: outcome.status,
      });
      if (outcome.queueWide) {
        round.stop = true;
        outboxStatus.set((s) => ({ ...s, pausedUntil: nextAttemptAt }));
      }
      return 'retry';
    }
    case 'auth': {
      await putBack(entry, round, { lastError: outcome.message, lastProblem: outcome.problem ?? null, lastStatus: outcome.status });
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
