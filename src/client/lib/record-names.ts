// What staff call one record of each cached list, in the app's words ("Transfer #12").
import type { CollectionName } from '../../shared/collections';

export const RECORD_NAMES: Record<CollectionName, string> = {
  transfers: 'Transfer',
  refills: 'Refill request',
  autofill: 'Autofill enrolment',
  reminders: 'Refill reminder',
  newPrescriptions: 'New prescription',
  appointments: 'Appointment',
  users: 'Patient',
  inquiries: 'Inquiry',
};
