import { describe, expect, it } from 'vitest';
import { textsOf } from '../../../src/client/i18n/i18n';
import { describeAuthError } from '../../../src/client/lib/auth-errors';
import { signInMessages } from '../../../src/client/lib/sign-in.messages';

const OFFLINE_MESSAGE = textsOf(signInMessages).offline;

function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

describe("'Login failed: {message}' words", () => {
  it('turns wrong credentials into plain words', () => {
    expect(describeAuthError(firebaseError('auth/invalid-credential'))).toBe(
      'The email or password is incorrect.',
    );
    expect(describeAuthError(firebaseError('auth/user-not-found'))).toBe('The email or password is incorrect.');
  });

  it('says that signing in needs a connection', () => {
    expect(describeAuthError(firebaseError('auth/network-request-failed'))).toBe(OFFLINE_MESSAGE);
    const offline = Object.assign(new Error('Failed to fetch'), { name: 'NetworkError' });
    expect(describeAuthError(offline)).toBe(OFFLINE_MESSAGE);
  });

  it('never shows a raw Firebase code', () => {
    expect(describeAuthError(new Error('Firebase: Error (auth/operation-not-allowed).'))).toBe(
      'Operation not allowed.',
    );
    expect(describeAuthError('boom')).toBe('boom');
  });
});
