// The server says an account this device knew as admin is no longer one (another role, disabled
// or deleted): the device's patient data goes, and the person is told why on the sign-in screen.
// The only wipe besides an explicit Logout; an ended or expired session keeps the data.
import { observable } from '../offline/observable';
import { wipeDeviceData } from '../offline/wipe';
import { leaveAccessNotice, type AccessNotice } from './access-notice';
import { signOut } from './auth';
import { removeStoredToken } from './auth-token';

/** Set while a wipe could not finish: the words, and a way to try again. */
export const wipeProblem = observable<{ message: string; retry: () => void } | null>(null);

let ending: Promise<boolean> | null = null;

/**
 * Wipes, signs out and reloads /login, where the person reads why. Resolves false (and
 * `wipeProblem` says why) when the wipe could not finish: nothing moves on as if it had.
 */
export function endRevokedSession(notice: Omit<AccessNotice, 'discarded'> = {}): Promise<boolean> {
  ending ??= (async () => {
    try {
      const { discarded } = await wipeDeviceData();
      wipeProblem.set(null);
      leaveAccessNotice({ ...notice, discarded });
    } catch (error) {
      ending = null;
      wipeProblem.set({
        message: error instanceof Error ? error.message : String(error),
        retry: () => void endRevokedSession(notice),
      });
      return false;
    }
    await signOut().catch(() => undefined);
    removeStoredToken();
    // A full load: nothing of the session stays in memory either.
    window.location.replace('/login');
    return true;
  })();
  return ending;
}
