// What a person decides about queued changes: send one again with a new key, claim changes
// queued before owners were recorded, or drop changes.
import { actionDef } from '../../shared/actions/registry';
import { db } from './db';
import { newIdempotencyKey } from './enqueue';
import { keyRetentionDays } from './key-retention';
import { entryStanding, isChange, OUTBOX_SCHEMA_VERSION, type EntryOwner, type OutboxEntry } from './outbox-entry';
import { publishResult } from './outbox-results';
import { problemEnglish } from './problem';
import { kickOutbox } from './outbox';
import { afterEnqueue } from './outbox-triggers';
import { overlay } from './overlay';
import { entriesOfRecord } from './shown';
import { admittedPerson } from './session-state';
import { serverRow } from './view-store';

/** Entries a person may send again: refused ones, and their own ones too old to replay blindly. */
function canRequeue(entry: OutboxEntry): boolean {
  const standing = entryStanding(entry, admittedPerson()?.uid ?? null, Date.now(), keyRetentionDays());
  return standing === 'conflict' || standing === 'failed' || standing === 'too-old';
}

/** The record as the change would meet it: the server's version (`row`) and the changes queued before it. */
async function viewBefore(entry: OutboxEntry, row: object | undefined): Promise<Record<string, unknown> | null> {
  if (!isChange(entry) || !row) return null;
  const earlier = (await entriesOfRecord(entry.collection, entry.recordKey)).filter((other) => (other.seq ?? 0) < (entry.seq ?? 0));
  return overlay(row as Record<string, unknown>, earlier);
}

/**
 * Retry (after a conflict or refusal) and Redo (too old to send safely): the change is queued
 * again under a new Idempotency-Key, in its place in the record's order, its age counted from
 * now, its words worked out again from the record as it is now. After a refusal the old key's
 * answer stays stored, so the old send cannot apply later; a Redo is a person's decision, taken
 * on the record as it is now. The server's state machine decides either way (a 409 shows as a
 * conflict again).
 */
export async function requeueEntry(id: string): Promise<OutboxEntry | null> {
  const found = await db.outbox.where('id').equals(id).first();
  if (!found || !canRequeue(found)) return null;
  const row = isChange(found) ? await serverRow(found.collection, found.recordKey) : undefined;
  const requeued = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(found.seq as number);
    if (entry?.id !== id || !canRequeue(entry)) return null;
    const before = await viewBefore(entry, row);
    const def = actionDef(entry.action);
    const args = before && def?.record?.refresh ? def.record.refresh(entry.args, before) : entry.args;
    const now = Date.now();
    const next: OutboxEntry = {
      ...entry,
      id: newIdempotencyKey(),
      args,
      label: before && def ? def.label(args, before) : entry.label,
      state: 'pending',
      attempts: 0,
      createdAt: now,
      nextAttemptAt: now,
      lastError: null,
      lastProblem: null,
      lastStatus: null,
    };
    await db.outbox.put(next);
    return next;
  });
  if (requeued) afterEnqueue();
  return requeued;
}

/**
 * "They are mine": changes queued before entries recorded their owner become `owner`'s and go
 * with their own key (sent before, if at all, under that same person's account).
 */
export async function claimEntries(ids: readonly string[], owner: EntryOwner): Promise<number> {
  const claimed = await db.transaction('rw', db.outbox, async () => {
    const entries = await db.outbox.where('id').anyOf([...ids]).toArray();
    const unowned = entries.filter((entry) => entry.owner === null);
    for (const entry of unowned) {
      await db.outbox.update(entry.seq as number, { owner, schemaVersion: OUTBOX_SCHEMA_VERSION });
    }
    return unowned.length;
  });
  if (claimed > 0) afterEnqueue();
  return claimed;
}

/** Drops queued changes and shows their records as the server last had them. Not while sending. */
export async function discardEntries(ids: readonly string[]): Promise<string[]> {
  const entries = await db.outbox.where('id').anyOf([...ids]).toArray();
  if (entries.length === 0) return [];
  const dropped = await db.transaction('rw', db.outbox, async () => {
    const gone: string[] = [];
    for (const entry of entries) {
      const current = await db.outbox.get(entry.seq as number);
      if (current?.id !== entry.id || current.state === 'sending' || current.state === 'sent') continue;
      await db.outbox.delete(entry.seq as number);
      gone.push(entry.id);
    }
    return gone;
  });
  const discarded = { code: 'discarded' } as const;
  dropped.forEach((id) => publishResult(id, { ok: false, status: 0, message: problemEnglish(discarded), problem: discarded }));
  // Changes queued behind them may go now.
  if (dropped.length > 0) kickOutbox();
  return dropped;
}

export async function discardEntry(id: string): Promise<boolean> {
  return (await discardEntries([id])).length === 1;
}
