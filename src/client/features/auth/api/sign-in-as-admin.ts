// Spec section 4 "Sign-in" and section 5: only role 'admin' may enter.
import { textsOf } from '../../../i18n/i18n';
import { describeAuthError } from '../../../lib/auth-errors';
import { authErrorMessages } from '../../../lib/auth-errors.messages';
import { signIn, signOut } from '../../../lib/auth';
import { signInMessages } from '../../../lib/sign-in.messages';
import { verifyAfterSignIn } from '../../../lib/session-control';
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
  if (!navigator.onLine) return { kind: 'failed', message: textsOf(signInMessages).offline };
  let user;
  try {
    user = await signIn(email, password);
  } catch (error) {
    return { kind: 'failed', message: describeAuthError(error) };
  }
  const { uid } = user;
  // What lets this person unlock the idle lock offline later (a slow hash, never the password):
  // worked out while the server is asked for the role, and kept before the app opens (a
  // navigation right after would abandon it). A failure only means the first unlock is online.
  const unlockSecret = import('../../../lib/lock').then((lock) => lock.prepareUnlockSecret(password));
  unlockSecret.catch(() => undefined); // used only for an admin; a refusal needs no secret
  const keepUnlockSecret = () =>
    unlockSecret
      .then((keep) => keep(uid))
      .catch((error: unknown) => console.error('The offline unlock could not be prepared', error));
  const access = await verifyAfterSignIn(user, keepUnlockSecret);
  if (access === 'admin') return { kind: 'admin' };
  await leave();
  if (access === 'failed') return { kind: 'failed', message: textsOf(authErrorMessages).roleCheckFailed };
  return access === 'revoked' ? { kind: 'revoked', uid } : { kind: 'denied' };
}
