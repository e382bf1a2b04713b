// The role of a Firebase user, read from the user record's `role` custom claim (never from the
// token, which keeps the claims of its sign-in). Cached briefly per uid: a grant or a revoke by
// `npm run admin` applies within the cache time, without a new sign-in. The staff name is a
// claim beside the role (staff-name.ts), read in the same look-up: knowing it costs nothing more.
import type { Auth } from 'firebase-admin/auth';
import type { Role } from '../types';
import { staffNameOf } from './staff-name';

export interface UserStanding {
  role: Role;
  email: string | null;
  /** The staff name (issue 19), or null when the account has none. */
  name: string | null;
  disabled: boolean;
  /** Tokens issued (signed in) before this instant were revoked. */
  validSinceMs: number;
}

export function roleOf(claims: Record<string, unknown> | undefined): Role {
  const role = claims?.role;
  return role === 'admin' || role === 'patient' ? role : 'none';
}

export function createUserRoles(auth: Auth, cacheMs: number) {
  const cache = new Map<
    string,
    { fetchedAt: number; until: number; standing: Promise<UserStanding | null> }
  >();

  async function fetchStanding(uid: string): Promise<UserStanding | null> {
    try {
      const user = await auth.getUser(uid);
      return {
        role: roleOf(user.customClaims),
        email: user.email ?? null,
        name: staffNameOf(user.customClaims),
        disabled: user.disabled,
        validSinceMs: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0,
      };
    } catch (error) {
      if ((error as { code?: unknown }).code === 'auth/user-not-found') return null;
      throw error;
    }
  }

  return {
    /**
     * The user's standing, or null when the account no longer exists. `signedInAt`: a sign-in
     * newer than the cached look-up is looked up afresh, so signing in again never shows a
     * role older than the sign-in. `maxAgeMs`: a look-up older than this is made again (an open
     * change stream asks afresh each time, so a role taken away ends it within its recheck, not
     * within its recheck and the cache time on top).
     */
    standing(uid: string, signedInAt = 0, maxAgeMs = Infinity): Promise<UserStanding | null> {
      const now = Date.now();
      const hit = cache.get(uid);
      if (hit && hit.until > now && hit.fetchedAt >= signedInAt && now - hit.fetchedAt < maxAgeMs) return hit.standing;
      if (cache.size > 10_000) {
        for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
      }
      const standing = fetchStanding(uid);
      cache.set(uid, { fetchedAt: now, until: now + cacheMs, standing });
      // A failed look-up (identity service down) is not remembered.
      standing.catch(() => cache.delete(uid));
      return standing;
    },
  };
}

export type UserRoles = ReturnType<typeof createUserRoles>;
