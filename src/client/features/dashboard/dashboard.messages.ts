// The dashboard's words (spec section 2 'Admin Dashboard'): its strip, its widgets and their rows.
// A row's type, service (by list) and appointment type are the server's values; their words are
// keyed by them (the dashboard does not compile while one lacks its words).
import { count, i18n, params } from '../../i18n/i18n';

export const dashboardMessages = i18n('shell/dashboard', {
  title: 'Admin Dashboard',
  newMessages: 'New Messages',
  prescriptionRequests: 'Prescription Requests',
  upcoming: 'Upcoming',
  activeTransfers: 'Active Transfers',
  /** A count badge's name: "3 Prescription Requests". */
  countOf: params('{count} {label}'),
  unresolved: count({ one: '{count} unresolved inquiries', many: '{count} unresolved inquiries' }),
  noNewMessages: 'No new messages.',
  scrollSideways: 'New messages, scroll sideways',
  unknownUser: 'Unknown User',
  moreMessages: params('{count} more: open the messages'),
  moreList: params('{count} more: open the list'),
  noActiveRequests: 'No active requests.',
  noUpcoming: 'No upcoming appointments.',
  noActiveTransfers: 'No active transfers.',
  prescription: params('{type} · Rx {rx}'),
  todayAt: params('Today at {time}'),
  dayAt: params('{date} at {time}'),
  fromPharmacy: params('From {pharmacy}'),
  /** A prescription row's type (the server's value). */
  Refill: 'Refill',
  Renewal: 'Renewal',
  Autofill: 'Autofill',
  'Refill Reminder': 'Refill Reminder',
  /** A prescription row's service, by its list. */
  refills: 'Refills and Renewals',
  autofill: 'Autofill',
  reminders: 'Refill Reminders',
  /** An upcoming appointment's type (never a blocked time, which has no one to see). */
  Vaccine: 'Vaccine',
  Consultation: 'Consultation',
  Blocked: 'Blocked time',
});
