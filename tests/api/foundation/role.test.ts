// GET /role: the caller's role as the server decides it, from the user record's claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import {
  bearer,
  createTestUser,
  expiredToken,
  GARBAGE_TOKEN,
  signIn,
  testAdminAuth,
} from '../support/tokens';
import { waitFor } from '../../support/wait-for';

let t: TestApp;

beforeAll(async () => {
  // A short role cache, so a grant or revoke shows within the test.
  t = await bootTestApp({ seed: false, config: { roleCacheMs: 100 } });
});
afterAll(async () => t?.close());

async function roleOf(token?: string) {
  const response = await fetch(`${t.baseUrl}/nodejsapp/api/role`, {
    headers: token ? bearer(token) : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The role the server answers for `token`, once the short role cache has let a change through. */
const roleBecomes = (token: string, role: string) =>
  waitFor(`the role ${role}`, async () => (await roleOf(token)).body.role === role, { timeout: 5_000 });

describe('GET /role', () => {
  it('answers admin for an admin and records the staff member', async () => {
    const admin = await createTestUser('admin');
    expect(await roleOf(admin.token)).toEqual({ status: 200, body: { role: 'admin' } });
    const rows = await t.db.query<{ email: string; role: string }>(
      'SELECT email, role FROM staff WHERE uid = $1',
      [admin.uid],
    );
    expect(rows).toEqual([{ email: admin.email, role: 'admin' }]);
  });

  it('answers patient for a patient and none without a role, recording neither', async () => {
    const patient = await createTestUser('patient');
    const nobody = await createTestUser(null);
    expect(await roleOf(patient.token)).toEqual({ status: 200, body: { role: 'patient' } });
    expect(await roleOf(nobody.token)).toEqual({ status: 200, body: { role: 'none' } });
    const rows = await t.db.query('SELECT 1 FROM staff WHERE uid = ANY($1::text[])', [
      [patient.uid, nobody.uid],
    ]);
    expect(rows).toHaveLength(0);
  });

  it('is answered under /api too', async () => {
    const patient = await createTestUser('patient');
    const response = await t.app.inject({ url: '/api/role', headers: bearer(patient.token) });
    expect(response.json()).toEqual({ role: 'patient' });
  });

  it('refuses a missing, garbage or expired token with a 401 JSON error', async () => {
    const user = await createTestUser('admin');
    for (const token of [undefined, GARBAGE_TOKEN, expiredToken(user.uid, user.email)]) {
      const answer = await roleOf(token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
  });

  it('follows a grant and a revoke without a new sign-in', async () => {
    const user = await createTestUser('patient');
    const auth = testAdminAuth();
    await auth.setCustomUserClaims(user.uid, { role: 'admin' });
    await roleBecomes(user.token, 'admin');
    expect((await roleOf(user.token)).body).toEqual({ role: 'admin' });
    await auth.setCustomUserClaims(user.uid, { role: 'patient' });
    await roleBecomes(user.token, 'patient');
    expect((await roleOf(user.token)).body).toEqual({ role: 'patient' });
  });

  it('reads the role afresh for a new sign-in, whatever it cached', async () => {
    const app = await buildApp({ ...t.config, roleCacheMs: 30_000 }, { db: t.db });
    try {
      const user = await createTestUser('patient');
      const ask = async (token: string) =>
        (await app.inject({ url: '/nodejsapp/api/role', headers: bearer(token) })).json();
      expect(await ask(user.token)).toEqual({ role: 'patient' });
      await testAdminAuth().setCustomUserClaims(user.uid, { role: 'admin' });
      // Still cached for the old session; sign-in times count in whole seconds.
      expect(await ask(user.token)).toEqual({ role: 'patient' });
      await wait(1100);
      expect(await ask(await signIn(user.email, user.password))).toEqual({ role: 'admin' });
    } finally {
      await app.close();
    }
  });

  it('refuses a disabled account and revoked sessions', async () => {
    const disabled = await createTestUser('admin');
    await testAdminAuth().updateUser(disabled.uid, { disabled: true });
    await waitFor('the account refused', async () => (await roleOf(disabled.token)).status === 401, { timeout: 5_000 });
    expect(await roleOf(disabled.token)).toMatchObject({
      status: 401,
      body: { error: { code: 'user_disabled' } },
    });

    const revoked = await createTestUser('admin');
    // Sessions revoked after this token was issued (the emulator counts in whole seconds).
    await wait(1100);
    await testAdminAuth().revokeRefreshTokens(revoked.uid);
    await waitFor('the session refused', async () => (await roleOf(revoked.token)).status === 401, { timeout: 5_000 });
    expect(await roleOf(revoked.token)).toMatchObject({
      status: 401,
      body: { error: { code: 'token_revoked' } },
    });
  });
});
