// Which queued changes may go now, worked out once per pass over the queue: the lanes to send,
// when the next one falls due, and how many wait.
import { db } from './db';
import { entryStanding, type OutboxEntry } from './outbox-entry';

export interface Plan {
  /** Per record, the entries that may go now, in order. */
  lanes: OutboxEntry[][];
  /** The earliest moment an entry at the head of its record becomes due (backoff), or null. */
  nextDueAt: number | null;
  /** Entries that could go if their backoff were over (not those behind a refused one). */
  waiting: number;
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
 * until a person decides about it; other records go on. A sent entry is done (it waits only for
 * a sync to bring its record).
 */
export function planOf(entries: readonly OutboxEntry[], now: number, options: PlanOptions): Plan {
  const lanes = new Map<string, OutboxEntry[]>();
  const blocked = new Set<string>();
  const backingOff = new Set<string>();
  let nextDueAt: number | null = null;
  let waiting = 0;
  for (const entry of entries) {
    if (entry.state === 'sent') continue;
    // One record's changes go in order; access-log entries have no record and no order to keep.
    const record = entry.collection === null ? `access:${entry.id}` : `${entry.collection}:${entry.recordKey}`;
    if (blocked.has(record)) continue;
    const uid = options.uid === 'any' ? (entry.owner?.uid ?? null) : options.uid;
    if (entryStanding(entry, uid, now, options.keyDays) !== 'sendable') {
      blocked.add(record);
      continue;
    }
    const due = options.ignoreBackoff || entry.nextAttemptAt <= now;
    if (!due || backingOff.has(record)) {
      if (!backingOff.has(record) && !lanes.has(record)) nextDueAt = Math.min(nextDueAt ?? Infinity, entry.nextAttemptAt);
      backingOff.add(record);
      waiting += 1;
      continue;
    }
    const lane = lanes.get(record);
    if (lane) lane.push(entry);
    else lanes.set(record, [entry]);
  }
  return { lanes: [...lanes.values()], nextDueAt, waiting };
}

/** The plan for the queue as stored now. */
export async function planLanes(now: number, options: PlanOptions): Promise<Plan> {
  return planOf(await db.outbox.orderBy('seq').toArray(), now, options);
}
