// A patient's records on their detail page: the sections, one line per record, and the words of
// the record's kind and status, by their stored value (the English shows the value as stored).
import { i18n, params } from '../../i18n/i18n';

export const patientRecordsMessages = i18n('users/records', {
  panelLabel: "Patient's records",
  title: 'Records',
  none: 'None on this device.',
  section: params('{title} ({count})'),
  transfers: 'Transfers',
  refills: 'Refills, renewals and enrolments',
  appointments: 'Appointments',
  inquiries: 'Inquiries',
  transfer: params('From {pharmacy} · {date} · {status}'),
  refill: params('{type} · Rx {rx}'),
  autofill: params('Autofill · Rx {rx}'),
  reminder: params('Refill reminder · Rx {rx}'),
  inquiryNew: 'New',
  inquiryResolved: 'Resolved',
  inquiryReplied: 'Replied',
});

/** Statuses, refill kinds and appointment kinds, keyed by the value a record holds. */
export const recordValueMessages = i18n('users/record-values', {
  active: 'active',
  completed: 'completed',
  flagged: 'flagged',
  scheduled: 'scheduled',
  cancelled: 'cancelled',
  Refill: 'Refill',
  Renewal: 'Renewal',
  Consultation: 'Consultation',
  Vaccine: 'Vaccine',
  Blocked: 'Blocked',
});
