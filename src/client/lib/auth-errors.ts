// Firebase error codes in plain words for the 'Login failed: {message}' alert.
import { OFFLINE_MESSAGE } from './offline-sign-in';

export { OFFLINE_MESSAGE };

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/user-not-found': 'The email or password is incorrect.',
  'auth/invalid-email': 'The email address is not valid.',
  'auth/missing-password': 'Please enter your password.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': OFFLINE_MESSAGE,
};

function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

export function describeAuthError(error: unknown): string {
  const code = errorCode(error);
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (error instanceof Error && error.name === 'NetworkError') return OFFLINE_MESSAGE;
  const message = error instanceof Error ? error.message : String(error);
  // Firebase messages read "Firebase: Error (auth/some-code)." — show the code's words instead.
  const raw = /\((auth\/[^)]+)\)/.exec(message)?.[1];
  if (raw) return raw.replace('auth/', '').replaceAll('-', ' ').replace(/^./, (c) => c.toUpperCase()) + '.';
  return message || 'Something went wrong. Please try again.';
}
