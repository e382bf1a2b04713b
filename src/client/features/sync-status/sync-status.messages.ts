// The words about changes saved on this device and not yet on the server: the nav bar's count
// and its list, the questions before a logout or about a colleague's changes, the offline banner.
import { count, i18n, params } from '../../i18n/i18n';

export const offlineBannerMessages = i18n('shell/offline-banner', {
  offline: 'You are offline. Changes are saved on this device and will be sent when the connection returns.',
  signInExpired: 'Your sign-in has expired. Changes are kept on this device: sign in again to send them.',
});

export const unsentMessages = i18n('shell/unsent', {
  /** The nav bar's button: its accessible name, and what a screen reader hears as the queue drains. */
  unsentChanges: count({ one: '{count} unsent change', many: '{count} unsent changes' }),
  needAttention: count({ one: '{count} needs attention', many: '{count} need attention' }),
  withAttention: params('{changes}, {attention}'),
  allSent: 'All changes sent',
  /** After the number on the button (wide screens). */
  unsent: count({ one: ' unsent', many: ' unsent' }),
  title: 'Unsent changes',
  close: 'Close unsent changes',
  intro: 'These changes are saved on this device and are sent in order when the server can be reached.',
  everySent: 'Every change has been sent.',
  /** One change of the list: what, on which record, when, where it stands. */
  accessLog: 'Access log',
  record: params('{record} #{key}'),
  /** A record whose key means nothing to people (a saved reply): named by its title. */
  titled: params('{record} “{title}”'),
  queued: params('Queued {when}'),
  today: params('Today at {time}'),
  onDay: params('{date} at {time}'),
  sending: 'Sending…',
  sent: 'Sent',
  conflict: params('Conflict: {reason}'),
  recordChanged: 'the record changed on the server.',
  failed: params('Not sent: {reason}'),
  refused: 'the server refused this change.',
  someoneElse: params('Made by {owner}: it is sent when they sign in on this device.'),
  colleague: 'a colleague',
  unowned: 'Saved before this app recorded who made each change: it is sent only if someone says it is theirs.',
  tooOld: params('Too old to send safely (the server remembers a change for {days} days): redo it or discard it.'),
  newerVersion: 'Saved by a newer version of this app: it waits for that version.',
  waitingSignIn: 'Waiting to send (sign in again)',
  waitingRetry: 'Waiting to send (will try again)',
  waiting: 'Waiting to send',
  retry: 'Retry',
  redo: 'Redo',
  discard: 'Discard',
  discardQuestion: 'Discard this change? The record will show what the server has.',
});

export const logoutWarningMessages = i18n('shell/logout-warning', {
  title: 'Changes not sent yet',
  close: 'Close',
  unsent: count({
    one: '{count} change has not been sent to the server yet. Logging out removes them from this device for good.',
    many: '{count} changes have not been sent to the server yet. Logging out removes them from this device for good.',
  }),
  allOthers: 'All of them were made by someone else and can be sent only when that person signs in here.',
  someOthers: count({
    one: '{count} of them were made by someone else and can be sent only when that person signs in here.',
    many: '{count} of them were made by someone else and can be sent only when that person signs in here.',
  }),
  wait: 'Wait and send',
  discard: 'Discard and log out',
});

export const othersChangesMessages = i18n('shell/others-changes', {
  title: 'Changes waiting on this device',
  /** {owner} is drawn in bold; {name} is the same person. */
  byOwner: params(
    count({
      one: '{count} change made by {owner} has not been sent yet. They are sent only when {name} signs in on this device again, never under your name.',
      many: '{count} changes made by {owner} have not been sent yet. They are sent only when {name} signs in on this device again, never under your name.',
    }),
  ),
  unowned: count({
    one: '{count} change has not been sent yet and were saved before this app recorded who made each change. Send them under your name only if you made them.',
    many: '{count} changes have not been sent yet and were saved before this app recorded who made each change. Send them under your name only if you made them.',
  }),
  claim: 'They are mine: send them',
  keepFor: params('Keep for {owner}'),
  keep: 'Keep them unsent',
  discard: 'Discard them',
  discardQuestion: count({
    one: 'Discard {count} change? They will never reach the server.',
    many: 'Discard {count} changes? They will never reach the server.',
  }),
  discardQuestionBy: params(
    count({
      one: 'Discard {count} change made by {owner}? They will never reach the server.',
      many: 'Discard {count} changes made by {owner}? They will never reach the server.',
    }),
  ),
});
