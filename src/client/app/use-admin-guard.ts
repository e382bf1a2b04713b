import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { checkAdminAccess, isVerifiedAdmin, useAuthUser } from '../lib/auth';
import { removeStoredToken } from '../lib/auth-token';
import { startOfflineSession } from './offline-session';

/**
 * Spec "Guard" and section 6: no session, a failed role call or a non-admin role sends the
 * person to /login without adminToken. Re-runs when the Firebase user changes (sign-out in
 * another tab lands here too).
 */
export function useAdminGuard(): 'checking' | 'admin' {
  const user = useAuthUser();
  const navigate = useNavigate();
  // Straight from the sign-in screen the role is known already: no 'Loading...' flash.
  const [admittedUid, setAdmittedUid] = useState<string | null>(() =>
    user && isVerifiedAdmin(user.uid) ? user.uid : null,
  );

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
    let current = true;
    void checkAdminAccess(user).then((access) => {
      if (!current) return;
      if (access !== 'admin') return deny();
      startOfflineSession();
      setAdmittedUid(user.uid);
    });
    return () => {
      current = false;
    };
  }, [user, navigate]);

  return user && admittedUid === user.uid ? 'admin' : 'checking';
}
