// Appointments written straight into the database for the appointment API tests, on dates far
// from the demo data (which sits around today).
import type { FastifyInstance } from 'fastify';
import type { BookingKind, RangeBody } from '../../../src/shared/appointment-api';
import type { AppointmentStatus } from '../../../src/shared/entities';
import { zonedInstant } from '../../../src/shared/time';
import { unique } from '../prescriptions/fixtures';

export interface InsertedBooking {
  appointmentIds: number[];
  bookingId: number;
  email: string;
}

export interface BookingOptions {
  date: string;
  /** Wall-clock start, HH:MM:SS, pharmacy time; one appointment per entry. */
  times?: string[];
  status?: AppointmentStatus;
  /** Household size of a vaccine booking (members inserted, booker first). */
  people?: number;
  email?: string | null;
}

export async function insertBooking(
  app: FastifyInstance,
  kind: BookingKind,
  options: BookingOptions,
): Promise<InsertedBooking> {
  const email = options.email === undefined ? `${unique('booker')}@patients.test` : options.email;
  const people = options.people ?? 1;
  return app.db.transaction(async (tx) => {
    const [booking] =
      kind === 'vaccine'
        ? await tx.query<{ id: number }>(
            `INSERT INTO vaccine_bookings (vaccine_type, first_name, last_name, phone_number, email, date_of_birth,
               address, city, province, number_of_people)
             VALUES ('Influenza (flu)', 'Mira', $1, '(416) 555-0142', $2, '1979-04-18', '12 Elm St', 'Toronto', 'ON', $3)
             RETURNING vaccine_id AS id`,
            [unique('Okafor'), email, Math.max(people, 1)],
          )
        : await tx.query<{ id: number }>(
            `INSERT INTO consultation_bookings (consultation_type, first_name, last_name, phone_number, email, date_of_birth)
             VALUES ('Medication review', 'Tomas', $1, '(613) 555-0107', $2, '1950-09-02')
             RETURNING consultation_id AS id`,
            [unique('Lindqvist'), email],
          );
    const bookingId = booking!.id;
    if (kind === 'vaccine') {
      for (let position = 1; position <= people; position++) {
        await tx.query(
          `INSERT INTO vaccination_booking_members (vaccination_booking_id, position, first_name, last_name, date_of_birth,
             address, city, province)
           VALUES ($1, $2, $3, 'Okafor', $4, '12 Elm St', 'Toronto', 'ON')`,
          [bookingId, position, position === 1 ? 'Mira' : `Member${position}`, `20${10 + position}-01-0${position}`],
        );
      }
    }
    const appointmentIds: number[] = [];
    for (const time of options.times ?? ['11:10:00']) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO appointments (appointment_type, date, start_time, status, vaccine_id, consultation_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING appointment_id AS id`,
        [
          kind === 'vaccine' ? 'Vaccine' : 'Consultation',
          options.date,
          time,
          options.status ?? 'scheduled',
          kind === 'vaccine' ? bookingId : null,
          kind === 'consultation' ? bookingId : null,
        ],
      );
      appointmentIds.push(row!.id);
    }
    return { appointmentIds, bookingId, email: email ?? '' };
  });
}

/** The block/unblock body for a wall-clock range on the pharmacy's calendar: its UTC parts. */
export function rangeBody(
  timeZone: string,
  start: { date: string; time: string },
  end: { date: string; time: string },
): RangeBody {
  const [startDate, startTime] = zonedInstant(start.date, start.time, timeZone).toISOString().split('T') as [string, string];
  const [endDate, endTime] = zonedInstant(end.date, end.time, timeZone).toISOString().split('T') as [string, string];
  return { startDate, startTime, endDate, endTime };
}

/** Blocked slots on a date, as 'HH:MM:SS' in order. */
export async function blockedTimes(app: FastifyInstance, date: string): Promise<string[]> {
  const rows = await app.db.query<{ start_time: string }>(
    `SELECT start_time FROM appointments WHERE appointment_type = 'Blocked' AND date = $1 ORDER BY start_time`,
    [date],
  );
  return rows.map((r) => r.start_time);
}
