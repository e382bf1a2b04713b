// ID tokens already verified, by token string, until they expire. A verification is a signature
// check (and, against the Auth emulator, a user look-up over HTTP) that every request of a
// session would repeat for the same answer: a token's claims cannot change. What can change
// (the account disabled or deleted, its sessions revoked, its role) is not read from the token:
// auth.ts checks the user's standing (user-roles.ts, cached roleCacheMs) on every request, so a
// revoked or disabled user is still refused within that time. Only successes are kept.
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';

/** More tokens than one pharmacy's staff hold in an hour; beyond it, expired ones go first. */
const MAX_TOKENS = 10_000;

interface Entry {
  verified: Promise<DecodedIdToken>;
  /** The token's `exp`; infinite while its verification runs (concurrent requests share it). */
  expiresAtMs: number;
}

export function createVerifiedTokens(auth: Auth) {
  const cache = new Map<string, Entry>();
  return {
    verify(token: string): Promise<DecodedIdToken> {
      const now = Date.now();
      const hit = cache.get(token);
      if (hit && hit.expiresAtMs > now) return hit.verified;
      if (cache.size >= MAX_TOKENS) {
        for (const [key, entry] of cache) if (entry.expiresAtMs <= now) cache.delete(key);
        if (cache.size >= MAX_TOKENS) cache.clear();
      }
      const entry: Entry = { verified: auth.verifyIdToken(token), expiresAtMs: Infinity };
      cache.set(token, entry);
      entry.verified.then(
        (decoded) => {
          entry.expiresAtMs = decoded.exp * 1000;
        },
        () => {
          if (cache.get(token) === entry) cache.delete(token);
        },
      );
      return entry.verified;
    },
  };
}
