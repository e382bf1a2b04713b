import { useCallback } from 'react';
import { signOut } from '../../../lib/auth';
import { wipeProblem } from '../../../lib/revoked-access';
import { db } from '../../../offline/db';
import { kickOutbox } from '../../../offline/outbox';
import { signedInPerson } from '../../../offline/session';
import { wipeDeviceData } from '../../../offline/wipe';
import { askBeforeLogout } from '../logout-prompt';

/**
 * Logout on a shared counter tablet: warn when changes are still queued, then wipe every
 * patient record from the device, sign out, and load /login afresh (a full load, so no patient
 * data survives in memory either). A wipe that cannot finish says so and stays here.
 */
export function useLogout(): () => Promise<void> {
  const logout = useCallback(async (asked = false): Promise<void> => {
    if (!asked) {
      const entries = await db.outbox.toArray().catch(() => []);
      const me = signedInPerson()?.uid;
      const others = entries.filter((entry) => entry.owner?.uid !== me).length;
      if (entries.length > 0 && (await askBeforeLogout(entries.length, others)) === 'wait') {
        kickOutbox();
        return;
      }
    }
    try {
      await wipeDeviceData();
    } catch (error) {
      wipeProblem.set({
        message: error instanceof Error ? error.message : String(error),
        retry: () => void logout(true),
      });
      return;
    }
    wipeProblem.set(null);
    await signOut().catch((error: unknown) => console.error('Sign-out failed', error));
    window.location.replace('/login');
  }, []);
  return useCallback(() => logout(), [logout]);
}
