import { i18n } from '../../i18n/i18n';

/** The manage page's sidebar (spec "Manage availabilities page") and its outcomes. */
export const availabilityMessages = i18n('appointments/availability', {
  title: 'Block/Unblock Availabilities',
  hint: 'Type a date and time (2026-11-24 14:10) or drag over the calendar.',
  from: 'From',
  until: 'Until',
  fromPlaceholder: 'Select a start time',
  untilPlaceholder: 'Select an end time',
  notATime: 'Not a date and time: type it as 2026-11-24 14:10.',
  block: 'Finalize Availabilities',
  unblock: 'Unblock Availabilities',
  cancel: 'Cancel',
  offline:
    'Blocking and unblocking need the server, which checks the time against every booking. You are offline: connect to change availability.',
  invalidRange: 'Please select a valid date and time range.',
  blockSuccess: 'Availabilities blocked successfully!',
  blockFailure: 'Failed to block availabilities.',
  unblockSuccess: 'Availabilities unblocked successfully!',
  unblockFailure: 'Failed to unblock availabilities.',
  nothingUnblocked: 'There was no blocked time in that range.',
  unreachable: 'The server could not be reached.',
  signInAgain: 'Sign in again to change availability.',
});
