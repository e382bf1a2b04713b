// The detail pane's questions, buttons and alerts around the status actions and Notify (spec
// sections 4 and 8); the actions' own words are lib/action-labels.messages.ts.
import { NOTIFY_NEEDS_COMPLETED } from '../../../shared/texts';
import { i18n } from '../../i18n/i18n';

export const recordActionMessages = i18n('prescriptions/record-actions', {
  confirmFlag: 'Are you sure you want to flag this transfer?',
  confirmUnflag: 'Are you sure you want to unflag this transfer?',
  notify: 'Notify',
  notifying: 'Notifying...',
  /** Also the server's refusal (src/shared/texts.ts). */
  notifyNeedsCompleted: NOTIFY_NEEDS_COMPLETED,
  notifySuccess: 'Notification sent successfully!',
  notifyError: 'Error sending notification. Please try again.',
});
