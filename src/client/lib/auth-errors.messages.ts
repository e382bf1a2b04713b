// The identity provider's refusals in plain words, for the 'Login failed: {message}' alert.
import { i18n } from '../i18n/i18n';

export const authErrorMessages = i18n('shell/auth-errors', {
  wrongCredentials: 'The email or password is incorrect.',
  invalidEmail: 'The email address is not valid.',
  missingPassword: 'Please enter your password.',
  disabled: 'This account has been disabled.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  unknown: 'Something went wrong. Please try again.',
  /** Spec section 5: the role call gave no usable answer. */
  roleCheckFailed: 'Failed to verify user role',
});
