// Firebase error codes in plain words for the 'Login failed: {message}' alert, in the language shown.
import { textsOf } from '../i18n/i18n';
import { authErrorMessages } from './auth-errors.messages';
import { signInMessages } from './sign-in.messages';

type AuthErrorTexts = ReturnType<typeof authErrorMessages.get>;

const WORDS: Record<string, keyof AuthErrorTexts | 'offline'> = {
  'auth/invalid-credential': 'wrongCredentials',
  'auth/invalid-login-credentials': 'wrongCredentials',
  'auth/wrong-password': 'wrongCredentials',
  'auth/user-not-found': 'wrongCredentials',
  'auth/invalid-email': 'invalidEmail',
  'auth/missing-password': 'missingPassword',
  'auth/user-disabled': 'disabled',
  'auth/too-many-requests': 'tooManyAttempts',
  'auth/network-request-failed': 'offline',
};

function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

export function describeAuthError(error: unknown): string {
  const texts = textsOf(authErrorMessages);
  const offline = textsOf(signInMessages).offline;
  const code = errorCode(error);
  const words = code && Object.hasOwn(WORDS, code) ? WORDS[code] : undefined;
  if (words) return words === 'offline' ? offline : texts[words];
  if (error instanceof Error && error.name === 'NetworkError') return offline;
  const message = error instanceof Error ? error.message : String(error);
  // Firebase messages read "Firebase: Error (auth/some-code)." — show the code's words instead.
  const raw = /\((auth\/[^)]+)\)/.exec(message)?.[1];
  if (raw) return raw.replace('auth/', '').replaceAll('-', ' ').replace(/^./, (c) => c.toUpperCase()) + '.';
  return message || texts.unknown;
}
