// What staff call one record of each cached list, in the app's words ("Transfer #12").
import type { CollectionName } from '../../shared/collections';
import { i18n } from '../i18n/i18n';

export const recordNameMessages = i18n('shell/record-names', {
  transfers: 'Transfer',
  refills: 'Refill request',
  autofill: 'Autofill enrolment',
  reminders: 'Refill reminder',
  newPrescriptions: 'New prescription',
  appointments: 'Appointment',
  users: 'Patient',
  inquiries: 'Inquiry',
  savedReplies: 'Saved reply',
  staff: 'Staff member',
} satisfies Record<CollectionName, string>);
