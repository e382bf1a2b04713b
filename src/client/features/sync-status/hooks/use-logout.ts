import { useCallback } from 'react';
import { signOut } from '../../../lib/auth';
import { db } from '../../../offline/db';
import { kickOutbox } from '../../../offline/outbox';
import { wipeDeviceData } from '../../../offline/wipe';
import { askBeforeLogout } from '../logout-prompt';

/**
 * Logout on a shared counter tablet: warn when changes are still queued, then wipe every
 * patient record from the device, sign out, and load /login afresh (a full load, so no patient
 * data survives in memory either).
 */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    const unsent = await db.outbox.count().catch(() => 0);
    if (unsent > 0 && (await askBeforeLogout(unsent)) === 'wait') {
      kickOutbox();
      return;
    }
    try {
      await wipeDeviceData();
    } finally {
      await signOut().catch((error: unknown) => console.error('Sign-out failed', error));
      window.location.replace('/login');
    }
  }, []);
}
