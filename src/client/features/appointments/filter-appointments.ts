// The list page's search, filters and order (spec "Appointment list page"), over the cache.
import type { Appointment, AppointmentStatus } from '../../../shared/entities';

export const APPOINTMENT_STATUS_FILTERS = ['scheduled', 'completed', 'cancelled', 'all'] as const;
export type AppointmentStatusFilter = (typeof APPOINTMENT_STATUS_FILTERS)[number];

export const APPOINTMENT_TYPE_FILTERS = ['all', 'vaccine', 'consultation'] as const;
export type AppointmentTypeFilter = (typeof APPOINTMENT_TYPE_FILTERS)[number];

export interface AppointmentQuery {
  text: string;
  status: AppointmentStatusFilter;
  type: AppointmentTypeFilter;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** Name (first, last or both), email or phone, case-insensitive contains; a phone also by its digits. */
export function matchesSearch(row: Appointment, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return true;
  const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.toLowerCase();
  if (name.includes(wanted)) return true;
  if (row.email?.toLowerCase().includes(wanted)) return true;
  if (row.phone_number?.toLowerCase().includes(wanted)) return true;
  // '4165550142' finds '(416) 555-0142'.
  const compact = wanted.replace(/[\s().+-]/g, '');
  return /^\d{3,}$/.test(compact) && digits(row.phone_number ?? '').includes(compact);
}

const when = (row: Appointment) => `${row.date} ${row.start_time}`;

/**
 * The people's appointments (not Blocked slots) matching the query. Scheduled ones soonest
 * first (what comes next); the other filters latest first.
 */
export function filterAppointments(rows: readonly Appointment[], query: AppointmentQuery): Appointment[] {
  const hits = rows.filter(
    (row) =>
      row.appointment_type !== 'Blocked' &&
      (query.status === 'all' || row.status === (query.status as AppointmentStatus)) &&
      (query.type === 'all' || row.appointment_type.toLowerCase() === query.type) &&
      matchesSearch(row, query.text),
  );
  const direction = query.status === 'scheduled' ? 1 : -1;
  return hits.sort(
    (a, b) => direction * (when(a).localeCompare(when(b)) || a.appointment_id - b.appointment_id),
  );
}
