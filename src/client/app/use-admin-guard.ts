import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { checkAdminAccess, isVerifiedAdmin, useAuthUser } from '../lib/auth';
import { removeStoredToken } from '../lib/auth-token';
import { rememberedAdmin } from '../lib/remembered-admin';
import { endRevokedSession } from '../lib/revoked-access';
import { authGate } from '../offline/session';
import { startOfflineSession } from './offline-session';

/**
 * Spec "Guard" and section 6: no session, a failed role call or a non-admin role sends the
 * person to /login without adminToken. Re-runs when the Firebase user changes (sign-out in
 * another tab lands here too), and when the server refuses the queue or the sync: the role is
 * asked again then. An account that is no longer an admin has the device wiped (revoked-access).
 *
 * A repeat visit by the admin this device last verified is admitted at once, from the device's
 * cache, while Firebase restores the session and the server is asked in the background: a cached
 * visit never waits on the network (README, "Decisions"). A different or missing session, or
 * another answer from the server, ends that admission the same way as before.
 */
export function useAdminGuard(): 'checking' | 'admin' {
  const user = useAuthUser();
  const navigate = useNavigate();
  const gate = useSyncExternalStore(authGate.subscribe, authGate.get);
  const [admittedUid, setAdmittedUid] = useState<string | null>(() => {
    // Straight from the sign-in screen the role is known already: no 'Loading...' flash.
    if (user) return isVerifiedAdmin(user.uid) ? user.uid : null;
    return user === undefined ? (rememberedAdmin()?.uid ?? null) : null;
  });

  // The remembered admin works from the cache while Firebase restores the session.
  useEffect(() => {
    if (user !== undefined) return;
    const remembered = rememberedAdmin();
    if (remembered && remembered.uid === admittedUid) startOfflineSession(remembered);
  }, [user, admittedUid]);

  useEffect(() => {
    if (user === undefined) return;
    const deny = () => {
      setAdmittedUid(null);
      removeStoredToken();
      void navigate({ to: '/login', replace: true });
    };
    if (user === null) {
      deny();
      return;
    }
    // Admitted as someone else than the session Firebase restored: check this one first.
    setAdmittedUid((uid) => (uid === user.uid ? uid : null));
    let current = true;
    void checkAdminAccess(user, { fresh: gate === 'refused' }).then((access) => {
      if (access === 'revoked') {
        setAdmittedUid(null);
        void endRevokedSession();
        return;
      }
      if (!current) return;
      if (access !== 'admin') return deny();
      startOfflineSession({ uid: user.uid, email: user.email });
      setAdmittedUid(user.uid);
    });
    return () => {
      current = false;
    };
  }, [user, navigate, gate]);

  const uid = user === undefined ? admittedUid : (user?.uid ?? null);
  return uid !== null && admittedUid === uid ? 'admin' : 'checking';
}
