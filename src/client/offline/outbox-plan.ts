// Which queued changes may go now, and with whose token.
import { db } from './db';
import { entryStanding, type OutboxEntry } from './outbox-entry';

export interface Plan {
  /** Per record, the entries that may go now, in order. */
  lanes: OutboxEntry[][];
  /** The earliest moment an entry at the head of its record becomes due. */
  nextDueAt: number | null;
}

export interface PlanOptions {
  /** Whose token the round sends with: only that person's own changes go. 'any': each its owner's. */
  uid: string | 'any';
  /** Days the server keeps Idempotency-Keys: older changes wait for a person. */
  keyDays: number;
  ignoreBackoff?: boolean;
}

/**
 * FIFO per record: an entry may go only when every earlier entry of its record is done. A
 * conflict, a failure, someone else's change or one too old to send safely blocks the record
 * until a person decides about it; other records go on.
 */
export async function planLanes(now: number, options: PlanOptions): Promise<Plan> {
  const entries = await db.outbox.orderBy('seq').toArray();
  const lanes = new Map<string, OutboxEntry[]>();
  const blocked = new Set<string>();
  let nextDueAt: number | null = null;
  for (const entry of entries) {
    const record = `${entry.collection}:${entry.recordKey}`;
    if (blocked.has(record)) continue;
    const uid = options.uid === 'any' ? (entry.owner?.uid ?? null) : options.uid;
    const sendable = entryStanding(entry, uid, now, options.keyDays) === 'sendable';
    const due = options.ignoreBackoff || entry.nextAttemptAt <= now;
    if (!sendable || !due) {
      blocked.add(record);
      if (sendable && !lanes.has(record)) nextDueAt = Math.min(nextDueAt ?? Infinity, entry.nextAttemptAt);
      continue;
    }
    const lane = lanes.get(record);
    if (lane) lane.push(entry);
    else lanes.set(record, [entry]);
  }
  return { lanes: [...lanes.values()], nextDueAt };
}

/**
 * Entries that could go now if the server answered (not blocked behind a refused one). 'any':
 * nobody could be asked who is signed in (no network); count what their owners could send.
 */
export async function countSendable(uid: string | 'any', keyDays: number): Promise<number> {
  const { lanes } = await planLanes(Date.now(), { uid, keyDays, ignoreBackoff: true });
  return lanes.reduce((sum, lane) => sum + lane.length, 0);
}
