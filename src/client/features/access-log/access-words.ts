// How an entry of the access log reads to people.
import type { AccessAction, AccessLogEntry } from '../../../shared/access-log';
import type { CollectionName } from '../../../shared/collections';
import { RECORD_NAMES } from '../../lib/record-names';

export const ACTION_WORDS: Record<AccessAction, string> = {
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
  export: 'Exported the access log',
  purge: 'Purged old entries',
};

const LIST_WORDS: Record<CollectionName, string> = {
  transfers: 'Transfers',
  refills: 'Refills and renewals',
  autofill: 'Autofill',
  reminders: 'Refill reminders',
  newPrescriptions: 'New prescriptions',
  appointments: 'Appointments',
  users: 'Patients',
  inquiries: 'Messages',
};

/** What was done, and to what: "Viewed Transfer #12", "Searched Transfers for "smith"". */
export function whatWords(entry: AccessLogEntry): string {
  const list = entry.collection as CollectionName | null;
  const detail = entry.detail ?? {};
  let what = ACTION_WORDS[entry.action];
  if (list && entry.record_id !== null) what += ` ${RECORD_NAMES[list]} #${entry.record_id}`;
  else if (list) what += ` ${LIST_WORDS[list] ?? list}`;
  if (typeof detail.screen === 'string') what = `Opened the ${detail.screen}`;
  if (typeof detail.widget === 'string') what = `Read the ${detail.widget} widget`;
  if (typeof detail.vaccine_booking === 'number') what = `Viewed the people of vaccine booking #${detail.vaccine_booking}`;
  if (entry.action === 'search' && typeof detail.query === 'string') what += ` for “${detail.query}”`;
  if (typeof detail.count === 'number') what += ` (${detail.count.toLocaleString()})`;
  if (detail.sync === true) what += ' to the device';
  if (typeof detail.to === 'string') what += ` to ${detail.to}`;
  return what;
}
