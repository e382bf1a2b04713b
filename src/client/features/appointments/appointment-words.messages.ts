// The words every appointment screen shares: an appointment's type and status by their stored
// codes (the server's words, which stay as they are), and how its day and time read.
import type { AppointmentStatus, AppointmentType } from '../../../shared/entities';
import { i18n, params } from '../../i18n/i18n';

export const appointmentTypeMessages = i18n('appointments/types', {
  Vaccine: 'Vaccine',
  Consultation: 'Consultation',
  Blocked: 'Blocked',
} satisfies Record<AppointmentType, string>);

export const appointmentStatusMessages = i18n('appointments/statuses', {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
} satisfies Record<AppointmentStatus, string>);

export const appointmentTimeMessages = i18n('appointments/time', {
  /** The day of 'Today at 11:10 AM'. */
  today: 'Today',
  when: params('{day} at {time}'),
  /** An event's times, in its accessible name. */
  span: params('{start} to {end}'),
});
