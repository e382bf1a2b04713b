// The words of the shared components: toasts, the confirm dialog, lists and their panes, a
// record's unsent changes, the wipe that could not finish.
import { i18n, params } from '../i18n/i18n';

export const alertMessages = i18n('shell/alerts', {
  closeNotification: 'Close notification',
});

export const confirmMessages = i18n('shell/confirm', {
  confirm: 'Confirm',
  cancel: 'Cancel',
  close: 'Close',
});

export const listMessages = i18n('shell/list', {
  /** A list's count line: "12 of 340". */
  count: params('{hits} of {total}'),
  clearSearch: 'Clear search',
  details: 'Details',
  backToList: 'Back to list',
});

export const changeProblemMessages = i18n('shell/change-problems', {
  notSent: params('{change}: not sent'),
  tooOld: 'Saved on this device too long ago to send safely.',
  redoOrDiscard: 'Redo or discard it in the Unsent changes list.',
  notApplied: params('{change}: not applied'),
  retryOrDiscard: 'Retry or discard it in the Unsent changes list.',
  /** A record row's mark and its tooltip. */
  conflict: 'Conflict',
  pending: 'Pending',
  conflictLabel: params('Conflict: {change} was not applied. {reason}'),
  pendingLabel: params('Pending: {changes} not sent yet'),
});

export const wipeMessages = i18n('shell/wipe', {
  title: 'Patient data is still on this device',
  tryAgain: 'Try again',
});
