// Data access of appointments. The cached list (GET /admin/appointments-bookings) carries each
// appointment with its booking's person, the details the modal shows and the booking's members,
// so the calendar, the list and the modal all work from the device's cache. A change to a
// booking or its members bumps its appointments (migration 003), so a delta sync sees it.
import { AppointmentSlotSchema, type BookingKind } from '../../shared/appointment-api';
import { AppointmentSchema, type Appointment, type AppointmentType, type VaccinationMember } from '../../shared/entities';
import type { Sql } from '../db/client';
import type { Actor } from './actor';
import { findRecord, type SyncedList } from './synced-list';

const person = (field: string) => `COALESCE(v.${field}, c.${field})`;

/** Everyone in the vaccine booking `booking` (SQL), the booker first, as a JSON array. */
const membersOf = (booking: string) => `COALESCE((
  SELECT json_agg(json_build_object(
    'vaccination_booking_id', m.vaccination_booking_id,
    'first_name', m.first_name,
    'last_name', m.last_name,
    'date_of_birth', m.date_of_birth,
    'address', m.address,
    'city', m.city,
    'province', m.province) ORDER BY m.position)
  FROM vaccination_booking_members m WHERE m.vaccination_booking_id = ${booking}), '[]'::json)`;

const ORDER = 't.date, t.start_time, t.appointment_id';

export const APPOINTMENT_LIST: SyncedList = {
  table: 'appointments',
  keyColumn: 'appointment_id',
  schema: AppointmentSchema,
  joins: `LEFT JOIN vaccine_bookings v ON v.vaccine_id = t.vaccine_id
    LEFT JOIN consultation_bookings c ON c.consultation_id = t.consultation_id`,
  columns: {
    user_id: person('user_id'),
    first_name: person('first_name'),
    last_name: person('last_name'),
    email: person('email'),
    phone_number: person('phone_number'),
    date_of_birth: person('date_of_birth'),
    address: person('address'),
    city: person('city'),
    province: person('province'),
    vaccine: 'v.vaccine_type',
    consultation: 'c.consultation_type',
    number_of_people: 'COALESCE(v.number_of_people, 1)',
    members: membersOf('t.vaccine_id'),
  },
  orderBy: ORDER,
};

/** GET /admin/appointments: what the calendar draws. */
export const APPOINTMENT_SLOT_LIST: SyncedList = {
  table: 'appointments',
  keyColumn: 'appointment_id',
  schema: AppointmentSlotSchema,
  orderBy: ORDER,
};

/** Cancelled appointments free their slot: the calendar leaves them out. */
export const NOT_CANCELLED = { where: "t.status <> 'cancelled'", params: [] };

/** The appointment type and booking column of each booking kind. */
export const BOOKINGS: Record<BookingKind, { type: AppointmentType; key: 'vaccine_id' | 'consultation_id' }> = {
  vaccine: { type: 'Vaccine', key: 'vaccine_id' },
  consultation: { type: 'Consultation', key: 'consultation_id' },
};

/** A booked appointment (not a Blocked slot) of that kind, or undefined. */
export async function findBookedAppointment(
  db: Sql,
  id: number,
  kind: BookingKind,
  options: { forUpdate?: boolean } = {},
): Promise<Appointment | undefined> {
  const record = await findRecord<Appointment>(db, APPOINTMENT_LIST, id, options);
  return record?.appointment_type === BOOKINGS[kind].type ? record : undefined;
}

/** Everyone in a vaccine booking, the booker first; undefined when there is no such booking. */
export async function bookingMembers(db: Sql, vaccineId: number): Promise<VaccinationMember[] | undefined> {
  const [row] = await db.query<{ members: VaccinationMember[] }>(
    `SELECT ${membersOf('b.vaccine_id')} AS members FROM vaccine_bookings b WHERE b.vaccine_id = $1`,
    [vaccineId],
  );
  return row?.members;
}

export interface Cancelled {
  record: Appointment;
  /** The slots freed, in time order (the patient's email lists them). */
  slots: { date: string; start_time: string }[];
}

/**
 * Cancels a scheduled appointment (the machine allowed it) and, with it, every other scheduled
 * appointment of the same booking (a household's vaccine booking is one booking). Each cancelled
 * appointment leaves an audit event.
 */
export async function cancelAppointment(tx: Sql, current: Appointment, kind: BookingKind, actor: Actor): Promise<Cancelled> {
  const { key } = BOOKINGS[kind];
  const slots = await tx.query<{ appointment_id: number; date: string; start_time: string }>(
    `UPDATE appointments SET status = 'cancelled' WHERE ${key} = $1 AND status = 'scheduled'
     RETURNING appointment_id, date, start_time`,
    [current[key]],
  );
  await tx.query(
    `INSERT INTO request_status_events (entity, record_id, from_status, to_status, actor_uid, actor_name, idempotency_key)
     SELECT 'appointments', id, 'scheduled', 'cancelled', $2, $4, $3 FROM unnest($1::int[]) AS id`,
    [slots.map((s) => s.appointment_id), actor.uid, actor.idempotencyKey, actor.name],
  );
  const record = await findRecord<Appointment>(tx, APPOINTMENT_LIST, current.appointment_id);
  slots.sort((a, b) => (a.date + a.start_time).localeCompare(b.date + b.start_time));
  return { record: record!, slots };
}
