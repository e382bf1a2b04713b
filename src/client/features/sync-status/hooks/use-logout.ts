import { useCallback } from 'react';
import { endDeviceSession } from '../../../lib/end-session';
import { db } from '../../../offline/db';
import { kickOutbox } from '../../../offline/outbox';
import { isUnsentChange } from '../../../offline/outbox-entry';
import { askBeforeLogout } from '../logout-prompt';
import { admittedPerson } from '../../../offline/session-state';

/**
 * Logout on a shared counter tablet: warn when changes are still queued, then end the session on
 * this device (lib/end-session.ts: the wipe, the sign-out, /login afresh).
 */
export function useLogout(): () => Promise<void> {
  const logout = useCallback(async (asked = false): Promise<void> => {
    if (!asked) {
      const entries = await db.outbox.filter(isUnsentChange).toArray().catch(() => []);
      const me = admittedPerson()?.uid;
      const others = entries.filter((entry) => entry.owner?.uid !== me).length;
      if (entries.length > 0 && (await askBeforeLogout(entries.length, others)) === 'wait') {
        kickOutbox();
        return;
      }
    }
    await endDeviceSession({ kind: 'logout' });
  }, []);
  return useCallback(() => logout(), [logout]);
}
