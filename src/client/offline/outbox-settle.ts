// What the server's answer does to a queued change, its record and the queue.
import type { CollectionName } from '../../shared/collections';
import { backoffDelay } from './backoff';
import { collectionTable, db } from './db';
import type { OutboxEntry } from './outbox-entry';
import { publishResult } from './outbox-results';
import { outboxStatus, type Round, type SendResult } from './outbox-status';
import type { Outcome } from './outcome';
import { applyPatch, baseOf, recordKeyOf } from './cached-row';
import { rebaseRecord, rebuildRecord } from './rebase';
import { assertGeneration, authGate } from './session';

/** Pulls the record out of a 2xx answer: PUTs answer the record, notify `{record, ...}`. */
function recordFromResponse(collection: CollectionName, response: unknown): object | null {
  if (!response || typeof response !== 'object') return null;
  const keyOf = (value: unknown) =>
    value && typeof value === 'object' && typeof recordKeyOf(collection, value) === 'number';
  if (keyOf(response) && !('record' in response)) return response;
  const inner = (response as { record?: unknown }).record;
  if (keyOf(inner)) return inner as object;
  return keyOf(response) ? response : null;
}

export async function settle(entry: OutboxEntry, outcome: Outcome, round: Round): Promise<SendResult> {
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
      publishResult(entry.id, { ok: true, record, response: outcome.response });
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
