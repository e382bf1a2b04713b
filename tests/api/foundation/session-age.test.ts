// Sessions end (issue 18 §2): an ID token of a sign-in older than SESSION_MAX_AGE is refused with
// 401 session_expired, however fresh the token itself; a younger session is accepted.
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Config } from '../../../src/server/config';
import { createIdentityAdmin, type IdentityAdmin } from '../../../src/server/identity/firebase-admin';
import { waitFor } from '../../support/wait-for';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTestUser, sessionTokenAged, shortLivedToken, type TestUser } from '../support/tokens';

const HOUR_MS = 3_600_000;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  [t, admin] = await Promise.all([bootTestApp({ seed: false }), createTestUser('admin')]);
});
afterAll(async () => t?.close());

/**
 * The emulator's accounts, read as if each were created (its sessions valid since) 14 h ago: an
 * account of this run cannot be older, and a sign-in before it would be a revoked one. Every other
 * call, token verification included, is the emulator's own.
 */
function identityOf14hAccounts(): IdentityAdmin {
  const real = createIdentityAdmin(t.config.identity);
  const since = new Date(Date.now() - 14 * HOUR_MS).toUTCString();
  const auth = new Proxy(real.auth, {
    get(target, name, receiver) {
      if (name !== 'getUser') return Reflect.get(target, name, receiver) as unknown;
      return async (uid: string) => ({ ...(await target.getUser(uid)), tokensValidAfterTime: since });
    },
  }) as Auth;
  return { auth, close: () => real.close() };
}

async function withApp(config: Partial<Config>, identityAdmin: IdentityAdmin | undefined, run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
  const app = await buildApp({ ...t.config, ...config }, { db: t.db, identityAdmin });
  try {
    await run(app);
  } finally {
    await app.close();
    await identityAdmin?.close();
  }
}

describe('SESSION_MAX_AGE', () => {
  it('is twelve hours by default: a session signed in 13 h ago is refused with session_expired, 11 h ago accepted', async () => {
    expect(t.config.sessionMaxAgeMs).toBe(12 * HOUR_MS);
    await withApp({}, identityOf14hAccounts(), async (app) => {
      const old = sessionTokenAged(admin.uid, admin.email, 13 * 3600);
      for (const url of ['/nodejsapp/api/role', '/nodejsapp/api/admin/transfers', '/api/admin/inquiries']) {
        const res = await app.inject({ url, headers: bearer(old) });
        expect(res.statusCode, url).toBe(401);
        expect(res.json(), url).toEqual({
          error: { code: 'session_expired', message: 'The session is older than 12h: sign in again' },
        });
      }
      const younger = sessionTokenAged(admin.uid, admin.email, 11 * 3600);
      expect((await app.inject({ url: '/nodejsapp/api/role', headers: bearer(younger) })).json()).toEqual({ role: 'admin' });
      expect((await app.inject({ url: '/nodejsapp/api/admin/transfers', headers: bearer(younger) })).statusCode).toBe(200);
    });
  });

  it('names the configured age in the refusal', async () => {
    await withApp({ sessionMaxAgeMs: 90 * 60_000 }, identityOf14hAccounts(), async (app) => {
      const res = await app.inject({ url: '/nodejsapp/api/role', headers: bearer(sessionTokenAged(admin.uid, admin.email, 91 * 60)) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'session_expired', message: 'The session is older than 90m: sign in again' } });
    });
  });

  it("ends a real emulator sign-in once it is older than the limit, though its token has not expired", async () => {
    const user = await createTestUser('admin');
    await withApp({ sessionMaxAgeMs: 3_000 }, undefined, async (app) => {
      const role = (token: string) => app.inject({ url: '/nodejsapp/api/role', headers: bearer(token) });
      // A sign-in of this instant is accepted (a token built now: the account's own may be older
      // than 3 s on a loaded machine).
      expect((await role(shortLivedToken(user.uid, user.email, 600))).json()).toEqual({ role: 'admin' });
      const refused = await waitFor(
        'the sign-in to be older than 3 s',
        async () => {
          const res = await role(user.token);
          return res.statusCode === 401 ? res.json() : undefined;
        },
        { timeout: 15_000 },
      );
      expect(refused).toEqual({ error: { code: 'session_expired', message: 'The session is older than 3s: sign in again' } });
    });
  });
});
