// What the foundation plugins add to Fastify, for every plugin and route to use.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';

export type Role = 'admin' | 'patient' | 'none';

/** Usable as an onRequest or a preHandler hook. */
export type RequestGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The caller, from a verified Firebase ID token and the user record's `role` claim. */
export interface AuthUser {
  uid: string;
  email: string | null;
  /** The staff name (the `staff_name` claim, read with the role), or null when none is set. */
  name: string | null;
  role: Role;
  /** When the ID token expires (its `exp`). */
  expiresAtMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Verifies the bearer token and sets `request.user`; 401 otherwise. */
    authenticate: RequestGuard;
    /**
     * authenticate, then 403 unless the caller is an admin. The admin scope runs it as an
     * onRequest hook on every `/admin` route, before any body is parsed or validated.
     */
    requireAdmin: RequestGuard;
    /**
     * The checks of requireAdmin, answered rather than stored: long-lived answers (the change
     * stream) ask again whether the caller they admitted still holds a valid token and the role,
     * with the account read afresh when the last read is `maxAgeMs` old (default: ROLE_CACHE).
     */
    verifyAdmin: (request: FastifyRequest, maxAgeMs?: number) => Promise<AuthUser>;
    /**
     * Whether an account holds the admin role now and is not disabled, as the identity service
     * says (cached like every caller's standing, ROLE_CACHE): "Assign to…" names someone else.
     */
    isStaffNow: (uid: string) => Promise<boolean>;
  }
  interface FastifyRequest {
    /** Set by `authenticate` / `requireAdmin`; only read it on routes that use one of them. */
    user: AuthUser;
  }
}
