// How a session ends on this device, written once (issue 17): a Logout on the shared counter
// tablet, or an account that lost its access. The patient data goes (the database and every
// cache but the app shell), then Firebase signs out and /login loads afresh: a full load, so
// nothing of the session stays in memory either. A wipe that cannot finish says so and stays.
import { observable } from '../offline/observable';
import { problemOf, type Problem } from '../offline/problem';
import { wipeDeviceData } from '../offline/wipe';
import { leaveAccessNotice, type AccessNotice } from './access-notice';
import { removeStoredToken } from './auth-token';

/** Set while a wipe could not finish: the words (by code when the app made them), and a way to try again. */
export const wipeProblem = observable<{ message: string; problem: Problem | null; retry: () => void } | null>(null);

export type SessionEnd =
  | { kind: 'logout' }
  /** The account of `uid` lost its access; the sign-in screen says why. */
  | { kind: 'revoked'; uid: string; atSignIn?: boolean };

let ending: Promise<boolean> | null = null;

/** A session is ending on this device (what happens meanwhile, a sign-out among it, is its doing). */
export function isEnding(): boolean {
  return ending !== null;
}

/** Resolves false (and `wipeProblem` says why) when the wipe could not finish. */
export function endDeviceSession(end: SessionEnd): Promise<boolean> {
  ending ??= (async () => {
    try {
      const { discarded, others } = await wipeDeviceData({ owner: end.kind === 'revoked' ? end.uid : undefined });
      wipeProblem.set(null);
      if (end.kind === 'revoked') {
        const notice: AccessNotice = { discarded, others, ...(end.atSignIn ? { atSignIn: true } : {}) };
        leaveAccessNotice(notice);
      }
    } catch (error) {
      ending = null;
      wipeProblem.set({
        message: error instanceof Error ? error.message : String(error),
        problem: problemOf(error),
        retry: () => void endDeviceSession(end),
      });
      return false;
    }
    await import('./auth').then((auth) => auth.signOut()).catch((error: unknown) => console.error('Sign-out failed', error));
    removeStoredToken();
    window.location.replace('/login');
    return true;
  })();
  return ending;
}
