// The app shell's words: the navigation bar and its menus, the lock screen, the update prompt,
// the not-found page and the guard's wait.
import { count, i18n, params } from '../i18n/i18n';

export const navMessages = i18n('shell/nav', {
  /** The navigation landmark's name. */
  main: 'Main',
  /** Until the server's settings name the pharmacy. */
  pharmacy: 'Pharmacy',
  /** Spec section 2: the badge beside the pharmacy's name. */
  badge: 'TS',
  home: 'Home',
  prescriptions: 'Prescriptions',
  transfers: 'Transfers',
  refills: 'Refills',
  autofill: 'Autofill Requests',
  reminders: 'Refill Reminder Requests',
  appointments: 'Appointments',
  messages: 'Messages',
  openNavigation: 'Open navigation',
  /** The user menu. */
  admin: 'Admin Authenticated',
  /** Atop the user menu: the person admitted, by their staff name (or their email when they have none). */
  signedInAs: params('Signed in as {name}'),
  accessLog: 'Access Log',
  lockNow: 'Lock now',
  logout: 'Logout',
  language: 'Language',
});

export const lockMessages = i18n('shell/lock', {
  title: 'Locked',
  signedInAs: params('Signed in as {person}. Enter your password to go on.'),
  staffMember: 'a staff member',
  password: 'Password',
  /** The password field's show/hide button (Mantine's words in English). */
  showPassword: 'Toggle password visibility',
  unlock: 'Unlock',
  notMe: 'Not you? Sign in as someone else',
  wrong: count({
    one: 'That password is not right. One more try before you are signed out.',
    many: 'That password is not right. {count} more tries before you are signed out.',
  }),
  needsNetwork: 'This device cannot check your password offline yet. Connect to the network and try again.',
  checkFailed: 'Your password could not be checked. Try again.',
});

export const updateMessages = i18n('shell/update', {
  available: 'A new version is available',
  reloading: 'A new version is available. Reloading once the changes being sent are done…',
  reload: 'Reload',
});

export const notFoundMessages = i18n('shell/not-found', {
  title: 'Page not found',
  text: 'There is no page at this address.',
  back: 'Back to the dashboard',
});

export const guardMessages = i18n('shell/guard', {
  /** Spec "Guard": while the role is being checked. */
  loading: 'Loading...',
});
