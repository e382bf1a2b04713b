// Blocked time (spec sections 4 and 5): Blocked slots on the appointment grid, and the record of
// who blocked or unblocked what. Callers run these in one write transaction, which holds the
// database's write lock (db/client.ts): a check and the insert after it cannot interleave with
// another staff member's block.
import { overlaps, type InstantRange, type Slot } from '../../shared/appointment-slots';
import { addDays, localDate } from '../../shared/time';
import type { Sql } from '../db/client';
import type { Actor } from './actor';

/**
 * Whether any appointment that holds its slot (not cancelled; Blocked slots included) overlaps
 * the range, each appointment counting 20 minutes.
 */
export async function rangeIsTaken(tx: Sql, range: InstantRange, timeZone: string): Promise<boolean> {
  // Wall-clock dates around the range; the exact test is on instants.
  const candidates = await tx.query<Slot>(
    `SELECT date, start_time FROM appointments
     WHERE status <> 'cancelled' AND date BETWEEN $1 AND $2`,
    [addDays(localDate(range.start, timeZone), -1), localDate(range.end, timeZone)],
  );
  return candidates.some((slot) => overlaps(slot, range, timeZone));
}

function columns(slots: readonly Slot[]): [string[], string[]] {
  return [slots.map((s) => s.date), slots.map((s) => s.start_time)];
}

export async function insertBlockedSlots(tx: Sql, slots: readonly Slot[]): Promise<number> {
  const rows = await tx.query(
    `INSERT INTO appointments (appointment_type, date, start_time)
     SELECT 'Blocked', d, t FROM unnest($1::date[], $2::time[]) AS s(d, t)
     RETURNING appointment_id`,
    columns(slots),
  );
  return rows.length;
}

/** Removes the Blocked slots among `slots`; their tombstones tell the devices. */
export async function deleteBlockedSlots(tx: Sql, slots: readonly Slot[]): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM appointments a USING unnest($1::date[], $2::time[]) AS s(d, t)
     WHERE a.appointment_type = 'Blocked' AND a.date = s.d AND a.start_time = s.t
     RETURNING a.appointment_id`,
    columns(slots),
  );
  return rows.length;
}

export async function recordAvailabilityEvent(
  tx: Sql,
  event: { action: 'block' | 'unblock'; range: InstantRange; slots: number; actor: Actor },
): Promise<void> {
  await tx.query(
    `INSERT INTO availability_events (action, range_start, range_end, slots, actor_uid, idempotency_key, actor_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      event.action,
      event.range.start.toISOString(),
      event.range.end.toISOString(),
      event.slots,
      event.actor.uid,
      event.actor.idempotencyKey,
      event.actor.name,
    ],
  );
}
