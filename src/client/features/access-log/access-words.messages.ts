// How an entry of the access log reads (access-words.ts): its action, the record or list it was
// about, and what its detail adds, each by its stored code.
import { i18n, params } from '../../i18n/i18n';

/** By the entry's action (also the Action filter's choices). */
export const accessActionMessages = i18n('access-log/actions', {
  view: 'Viewed',
  list: 'Opened the list',
  search: 'Searched',
  download: 'Downloaded the list',
  'password-reset': 'Sent a password reset',
  status: 'Changed the status',
  notify: 'Notified',
  reply: 'Replied',
  resolve: 'Marked as resolved',
  unresolve: 'Marked as unresolved',
  cancel: 'Cancelled',
  block: 'Blocked time',
  unblock: 'Unblocked time',
  assign: 'Assigned',
  unassign: 'Unassigned',
  'take-over': 'Took over',
  export: 'Exported the access log',
  purge: 'Purged old entries',
});

/** A whole list, by its name. */
export const accessListMessages = i18n('access-log/lists', {
  transfers: 'Transfers',
  refills: 'Refills and renewals',
  autofill: 'Autofill',
  reminders: 'Refill reminders',
  newPrescriptions: 'New prescriptions',
  appointments: 'Appointments',
  users: 'Patients',
  inquiries: 'Messages',
});

/** The screens, widgets and statuses an entry's detail names (by code; shown as stored in English). */
export const accessDetailMessages = i18n('access-log/detail-values', {
  dashboard: 'dashboard',
  prescriptions: 'prescriptions',
  appointments: 'appointments',
  active: 'active',
  completed: 'completed',
  flagged: 'flagged',
  scheduled: 'scheduled',
  cancelled: 'cancelled',
});

/** How the parts join: "Viewed Transfer #12", "Searched Patients for “smith”", "… (1,200) to the device". */
export const accessWhatMessages = i18n('access-log/what', {
  record: params('{action} {record} #{id}'),
  list: params('{action} {list}'),
  screen: params('Opened the {screen}'),
  widget: params('Read the {widget} widget'),
  vaccineBooking: params('Viewed the people of vaccine booking #{id}'),
  searchFor: params('{what} for “{query}”'),
  count: params('{what} ({count})'),
  toDevice: params('{what} to the device'),
  to: params('{what} to {to}'),
});
