// Bearer-token authentication (Firebase ID tokens) and the admin guard. Routes opt in with
// `app.authenticate` or `app.requireAdmin`; the admin scope applies the guard to every route.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors';
import { createUserRoles } from '../../auth/user-roles';
import { createVerifiedTokens } from '../../auth/verified-tokens';
import { createIdentityAdmin, type IdentityAdmin } from '../../identity/firebase-admin';
import type { AuthUser } from '../../types';

const TOKEN_ERRORS: Record<string, [code: string, message: string]> = {
  'auth/id-token-expired': ['token_expired', 'The ID token has expired: sign in again'],
  'auth/id-token-revoked': ['token_revoked', 'The ID token was revoked: sign in again'],
  // firebase-admin checks these itself in emulator mode.
  'auth/user-disabled': ['user_disabled', 'The account is disabled'],
};

/** 43200000 → "12h", 5400000 → "90m": the largest unit that divides the age. */
function durationWords(ms: number): string {
  const units: [string, number][] = [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000]];
  const [unit, size] = units.find(([, size]) => ms % size === 0) ?? ['ms', 1];
  return `${ms / size}${unit}`;
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new HttpError(401, 'unauthorized', 'A bearer token is required');
  return match[1];
}

/** Token problems are the caller's (401); an unreachable identity service is ours (503). */
function verificationError(error: unknown): HttpError {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    const known = TOKEN_ERRORS[code];
    if (known) return new HttpError(401, known[0], known[1]);
    if (code.startsWith('auth/') && code !== 'auth/internal-error') {
      return new HttpError(401, 'invalid_token', 'The ID token is not valid');
    }
  }
  return new HttpError(503, 'identity_unavailable', 'The identity service is not reachable');
}

export const authPlugin = fp<{ identityAdmin?: IdentityAdmin }>(
  async (app, options) => {
    const identity = options.identityAdmin ?? createIdentityAdmin(app.config.identity);
    if (!options.identityAdmin) app.addHook('onClose', async () => identity.close());
    const roles = createUserRoles(identity.auth, app.config.roleCacheMs);
    const tokens = createVerifiedTokens(identity.auth);
    const sessionMaxAgeMs = app.config.sessionMaxAgeMs;
    const sessionMaxAge = durationWords(sessionMaxAgeMs);

    async function verify(request: FastifyRequest, maxAgeMs?: number): Promise<AuthUser> {
      const token = bearerToken(request);
      let decoded;
      try {
        decoded = await tokens.verify(token);
      } catch (error) {
        throw verificationError(error);
      }
      // Firebase refreshes an ID token every hour for as long as the device holds the session, and
      // each keeps the sign-in's auth_time: a session ends when that is too old, whoever holds it.
      if (Date.now() - decoded.auth_time * 1000 > sessionMaxAgeMs) {
        throw new HttpError(401, 'session_expired', `The session is older than ${sessionMaxAge}: sign in again`);
      }
      let standing;
      try {
        standing = await roles.standing(decoded.uid, decoded.auth_time * 1000, maxAgeMs);
      } catch (error) {
        throw verificationError(error);
      }
      if (!standing) throw new HttpError(401, 'user_not_found', 'The account no longer exists');
      if (standing.disabled) throw new HttpError(401, 'user_disabled', 'The account is disabled');
      if (decoded.auth_time * 1000 < standing.validSinceMs) {
        throw new HttpError(401, 'token_revoked', 'The session was revoked: sign in again');
      }
      return {
        uid: decoded.uid,
        email: decoded.email ?? standing.email,
        name: standing.name,
        role: standing.role,
        expiresAtMs: decoded.exp * 1000,
      };
    }

    app.decorate('isStaffNow', async (uid: string) => {
      let standing;
      try {
        standing = await roles.standing(uid);
      } catch (error) {
        throw verificationError(error);
      }
      return standing !== null && standing.role === 'admin' && !standing.disabled;
    });

    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await verify(request);
    });
    async function verifyAdmin(request: FastifyRequest, maxAgeMs?: number): Promise<AuthUser> {
      const user = await verify(request, maxAgeMs);
      if (user.role !== 'admin') {
        throw new HttpError(403, 'forbidden', 'Only pharmacy staff (admin role) may do this');
      }
      return user;
    }
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      request.user = await verifyAdmin(request);
    });
    app.decorate('verifyAdmin', verifyAdmin);
  },
  { name: 'auth' },
);
