// Appointments: vaccine (with household members), consultation and blocked slots from last
// week to the end of next week, on the calendar's 20-minute grid, never two in one slot.
import type { Sql } from '../db/client';
import { addDays, clockTime, sundayOf, weekday, zonedInstant } from '../../shared/time';
import type { Clock } from './demo-clock';
import { patientFields, type UserRow } from './demo-patients';
import { PAST_STAFF } from './demo-staff-activity';
import { insertRows } from './insert-rows';
import { CONSULTATIONS, VACCINES } from './ontario-data';
import { makeRelative, type Person } from './people';
import type { Random } from './prng';

/** Appointment slots: 10:50 to 18:30 in 20-minute steps (spec section 9). */
const FIRST_SLOT = 10 * 60 + 50;
const SLOTS_PER_DAY = (18 * 60 + 30 - FIRST_SLOT) / 20;

interface Slot {
  date: string;
  start_time: string;
  past: boolean;
}

type Kind = 'Vaccine' | 'Consultation' | 'Blocked';

interface Planned extends Slot {
  kind: Kind;
  status: 'scheduled' | 'completed' | 'cancelled';
}

/**
 * Every 20-minute slot, Monday to Saturday, from last week to the end of next week, weeks from
 * Sunday as the calendar shows them in English (on a Sunday, "next week" is the one after the
 * coming Monday's); a calendar whose weeks start on Monday (French) finds both of its own weeks too.
 */
function allSlots(clock: Clock, now: Date, timeZone: string): Slot[] {
  const slots: Slot[] = [];
  const first = addDays(sundayOf(clock.today), -7);
  for (let day = 0; day < 21; day++) {
    const date = addDays(first, day);
    if (weekday(date) === 0) continue;
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const start_time = clockTime(FIRST_SLOT + slot * 20);
      const past = zonedInstant(date, start_time, timeZone).getTime() < now.getTime();
      slots.push({ date, start_time, past });
    }
  }
  return slots;
}

/**
 * Distinct slots (no overlaps), past ones done or cancelled, future ones booked, cancelled or
 * blocked. The first of each side are fixed so every type and status shows whatever `now` is.
 */
function planAppointments(random: Random, slots: Slot[]): { planned: Planned[]; unblock: Slot[] } {
  const past = random.shuffle(slots.filter((s) => s.past)).slice(0, 25);
  const future = random.shuffle(slots.filter((s) => !s.past)).slice(0, 55);
  const booked = (): Kind => (random.chance(0.55) ? 'Vaccine' : 'Consultation');
  const pastFixed: [Kind, Planned['status']][] = [
    ['Vaccine', 'completed'],
    ['Consultation', 'cancelled'],
  ];
  const futureFixed: [Kind, Planned['status']][] = [
    ['Vaccine', 'scheduled'],
    ['Consultation', 'scheduled'],
    ['Blocked', 'scheduled'],
  ];
  const planned: Planned[] = [
    ...past.map((slot, i): Planned => {
      const [kind, status] = pastFixed[i] ?? [
        booked(),
        random.chance(0.8) ? 'completed' : 'cancelled',
      ];
      return { ...slot, kind, status };
    }),
    ...future.slice(0, -5).map((slot, i): Planned => {
      const kind = futureFixed[i]?.[0] ?? (random.chance(0.15) ? 'Blocked' : booked());
      const status = kind === 'Blocked' || random.chance(0.85) ? 'scheduled' : 'cancelled';
      return { ...slot, kind, status };
    }),
  ];
  planned.sort((a, b) => (a.date + a.start_time).localeCompare(b.date + b.start_time));
  // The last five future slots are blocked and unblocked again: their deletion leaves tombstones.
  return { planned, unblock: future.slice(-5) };
}

export async function seedAppointments(
  tx: Sql,
  random: Random,
  clock: Clock,
  users: UserRow[],
  now: Date,
  timeZone: string,
) {
  const { planned, unblock } = planAppointments(random, allSlots(clock, now, timeZone));
  const vaccineRows: Record<string, unknown>[] = [];
  const households: { people: number; person: Person }[] = [];
  const consultationRows: Record<string, unknown>[] = [];
  let householdToCome = false;
  for (const { kind, past, status } of planned) {
    if (kind === 'Blocked') continue;
    const user = random.pick(users);
    const booking = {
      user_id: user.user_id,
      ...patientFields(user),
      address: user.address,
      city: user.city,
      province: user.province,
      created_at: clock.daysAgo(20),
    };
    if (kind === 'Vaccine') {
      // A household of three first, and another as the first booking still to come, so the
      // calendar around today shows the modal's "See Other Patients"; then a few groups.
      const toCome = !past && status === 'scheduled';
      const household: boolean = households.length === 0 || (toCome && !householdToCome);
      const people: number = household ? 3 : random.chance(0.3) ? random.int(2, 4) : 1;
      householdToCome ||= toCome && people > 1;
      vaccineRows.push({
        ...booking,
        vaccine_type: random.pick(VACCINES),
        number_of_people: people,
      });
      households.push({ people, person: user });
    } else {
      consultationRows.push({ ...booking, consultation_type: random.pick(CONSULTATIONS) });
    }
  }
  const vaccineIds = await insertRows<{ vaccine_id: number }>(
    tx,
    'vaccine_bookings',
    vaccineRows,
    'vaccine_id',
  );
  const consultationIds = await insertRows<{ consultation_id: number }>(
    tx,
    'consultation_bookings',
    consultationRows,
    'consultation_id',
  );
  // Position 1 is the person who booked; the others are their household.
  const members = households.flatMap(({ people, person }, i) =>
    Array.from({ length: people }, (_, position) => ({
      vaccination_booking_id: vaccineIds[i]!.vaccine_id,
      position: position + 1,
      ...(position === 0
        ? {
            first_name: person.first_name,
            last_name: person.last_name,
            date_of_birth: person.date_of_birth,
            address: person.address,
            city: person.city,
            province: person.province,
          }
        : makeRelative(random, person)),
    })),
  );
  await insertRows(tx, 'vaccination_booking_members', members);

  let v = 0;
  let c = 0;
  await insertRows(
    tx,
    'appointments',
    planned.map((p) => ({
      appointment_type: p.kind,
      date: p.date,
      start_time: p.start_time,
      status: p.status,
      vaccine_id: p.kind === 'Vaccine' ? vaccineIds[v++]!.vaccine_id : null,
      consultation_id: p.kind === 'Consultation' ? consultationIds[c++]!.consultation_id : null,
      created_at: clock.daysAgo(20),
    })),
  );

  const unblocked = await insertRows<{ appointment_id: number }>(
    tx,
    'appointments',
    unblock.map((slot) => ({
      appointment_type: 'Blocked',
      date: slot.date,
      start_time: slot.start_time,
      created_at: clock.daysAgo(10),
    })),
    'appointment_id',
  );
  const ids = unblocked.map((row) => row.appointment_id);
  await tx.query('DELETE FROM appointments WHERE appointment_id = ANY($1::int[])', [ids]);
  const unblockedAt = clock.daysAgo(3);
  await tx.query(
    `UPDATE tombstones SET deleted_at = $2 WHERE entity = 'appointments' AND record_id = ANY($1::int[])`,
    [ids, unblockedAt],
  );

  // Who blocked the blocked slots, and blocked then unblocked the others, one slot at a time.
  const blockedAt = new Date(now.getTime() - 10 * 24 * 60 * 60_000).toISOString();
  const event = (action: 'block' | 'unblock', slot: Slot, at: string, i: number) => {
    const start = zonedInstant(slot.date, slot.start_time, timeZone);
    return {
      action,
      range_start: start.toISOString(),
      range_end: new Date(start.getTime() + 20 * 60_000).toISOString(),
      slots: 1,
      actor_uid: PAST_STAFF[i % PAST_STAFF.length]!.uid,
      actor_name: PAST_STAFF[i % PAST_STAFF.length]!.name,
      created_at: at,
    };
  };
  await insertRows(tx, 'availability_events', [
    ...planned.filter((p) => p.kind === 'Blocked').map((slot, i) => event('block', slot, blockedAt, i)),
    ...unblock.flatMap((slot, i) => [event('block', slot, blockedAt, i), event('unblock', slot, unblockedAt, i + 3)]),
  ]);
}
