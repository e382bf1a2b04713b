// Spec section 4 "Sign-in" and section 5: only role 'admin' may enter.
import { describeAuthError, OFFLINE_MESSAGE } from '../../../lib/auth-errors';
import { roleAfterSignIn, signIn, signOut } from '../../../lib/auth';
import { removeStoredToken } from '../../../lib/auth-token';

export type SignInResult =
  | { kind: 'admin' }
  | { kind: 'denied' }
  /** An account this device knew as admin is no longer one: its patient data must go. */
  | { kind: 'revoked'; uid: string }
  /** `message` completes the spec's 'Login failed: {message}'. */
  | { kind: 'failed'; message: string };

async function leave(): Promise<void> {
  await signOut().catch(() => undefined);
  removeStoredToken();
}

export async function signInAsAdmin(email: string, password: string): Promise<SignInResult> {
  // The identity provider needs the network (DESIGN 4): say so rather than wait for a timeout.
  if (!navigator.onLine) return { kind: 'failed', message: OFFLINE_MESSAGE };
  let uid: string;
  try {
    uid = (await signIn(email, password)).uid;
  } catch (error) {
    return { kind: 'failed', message: describeAuthError(error) };
  }
  const access = await roleAfterSignIn(uid);
  if (access === 'admin') return { kind: 'admin' };
  await leave();
  if (access === 'failed') return { kind: 'failed', message: 'Failed to verify user role' };
  return access === 'revoked' ? { kind: 'revoked', uid } : { kind: 'denied' };
}
