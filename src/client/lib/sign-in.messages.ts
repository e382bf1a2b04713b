// What the sign-in screen says besides its form (spec section 4 "Sign-in" and section 5), and why
// the app ended the last session itself. Loaded with the screen: it says these even when the rest
// of the sign-in code could not load.
import { count, i18n, params } from '../i18n/i18n';

export const signInMessages = i18n('shell/sign-in', {
  accessDenied: 'Access denied: Admins only.',
  loginFailed: params('Login failed: {message}'),
  /** The identity provider needs the network (DESIGN 4). */
  offline: 'Signing in needs an internet connection. Check the connection and try again.',
  codeMissing: 'The sign-in could not be loaded. Reload the page and try again.',
  /** The password field's show/hide button (Mantine's words in English). */
  showPassword: 'Toggle password visibility',
  /** The account lost its access and the device was wiped (lib/access-notice.ts). */
  accessRemoved: 'This account no longer has access to the pharmacy back office, so the patient data on this device was removed.',
  ownRemoved: count({
    one: '{count} unsent change of this account was removed with it.',
    many: '{count} unsent changes of this account were removed with it.',
  }),
  othersRemoved: count({
    one: '{count} unsent change of other staff was removed too.',
    many: '{count} unsent changes of other staff were removed too.',
  }),
  sessionEnded: 'Your session has ended. Sign in again to go on: changes not yet sent stay on this device.',
  offlineUnverified:
    'This device has been offline too long to keep showing patient data. Connect it and sign in again: changes not yet sent stay on this device.',
});
