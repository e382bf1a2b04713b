// Each prescription list's own texts (spec sections 2, 5 and 8): its title, the loading and
// fetch-failure texts, and the alert after the server confirmed a flag.
import { i18n } from '../../i18n/i18n';

export const transfersMessages = i18n('prescriptions/transfers', {
  title: 'Transfers',
  loadingText: 'Loading transfers...',
  errorText: 'Failed to fetch transfers.',
  flagSuccess: 'Transfer flagged successfully.',
});

export const refillsMessages = i18n('prescriptions/refills', {
  title: 'Refills and Renewals',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch refills.',
  flagSuccess: 'Prescription flagged successfully.',
});

export const autofillMessages = i18n('prescriptions/autofill', {
  title: 'Patients Enrolled in Autofill Service',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch refills.',
  flagSuccess: 'Prescription flagged successfully.',
});

export const remindersMessages = i18n('prescriptions/reminders', {
  title: 'Patients Enrolled in Refill Reminders',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch refills.',
  flagSuccess: 'Prescription flagged successfully.',
});

export const newPrescriptionsMessages = i18n('prescriptions/new-prescriptions', {
  title: 'New Prescriptions',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch prescriptions.',
});
