// The dashboard's two widget lists (spec sections 2, 3 and 9), read from the request and
// appointment tables.
import type { AppointmentWidgetItem, PrescriptionWidgetItem } from '../../shared/inquiry-api';
import { WIDGET_SERVICE } from '../../shared/inquiry-api';
import { clockTime, localDate, localMinutes } from '../../shared/time';
import type { Sql } from '../db/client';

/**
 * 'Prescription Requests': the active requests of the refill-type lists, newest first. (Transfers
 * have their own widget, 'Active Transfers', read from the transfers list.)
 */
export async function prescriptionWidget(db: Sql): Promise<PrescriptionWidgetItem[]> {
  return db.query<PrescriptionWidgetItem>(
    `SELECT * FROM (
       SELECT $1::text AS service, rx_number, status, type, created_at, 'refills' AS collection, id
         FROM refill_requests WHERE status = 'active'
       UNION ALL
       SELECT $2::text, rx_number, status, 'Autofill', created_at, 'autofill', refill_id
         FROM autofill_enrolments WHERE status = 'active'
       UNION ALL
       SELECT $3::text, rx_number, status, 'Refill Reminder', created_at, 'reminders', id
         FROM refill_reminder_enrolments WHERE status = 'active'
     ) AS items ORDER BY created_at DESC, collection, id DESC`,
    [WIDGET_SERVICE.refills, WIDGET_SERVICE.autofill, WIDGET_SERVICE.reminders],
  );
}

/**
 * 'Upcoming': scheduled Vaccine and Consultation appointments starting at or after `now` on the
 * pharmacy's clock (appointments are stored as the pharmacy's wall-clock date and time), soonest
 * first.
 */
export async function appointmentWidget(db: Sql, now: Date, timeZone: string): Promise<AppointmentWidgetItem[]> {
  const today = localDate(now, timeZone);
  const time = clockTime(localMinutes(now, timeZone));
  return db.query<AppointmentWidgetItem>(
    `SELECT appointment_id AS id, appointment_type, date, to_char(start_time, 'HH24:MI') AS start_time
       FROM appointments
      WHERE status = 'scheduled' AND appointment_type <> 'Blocked'
        AND (date > $1::date OR (date = $1::date AND start_time >= $2::time))
      ORDER BY date, start_time, appointment_id`,
    [today, time],
  );
}
