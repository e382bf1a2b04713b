// The identity proxy of emulator mode: the few REST calls the app makes (sign-in, user lookup,
// token refresh, password-reset email) pass on this origin, with the app's security headers;
// nothing else of the emulator does, its own pages and admin API least of all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_API_KEY, EMULATOR_PROJECT_ID } from '../../../src/server/config';
import { IDENTITY_PATH_PREFIXES, IDENTITY_REST_PATHS } from '../../../src/shared/server-paths';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTestUser, testAdminAuth, type TestUser } from '../support/tokens';

let t: TestApp;
let patient: TestUser;

beforeAll(async () => {
  [t, patient] = await Promise.all([bootTestApp({ seed: false }), createTestUser('patient')]);
});
afterAll(async () => t?.close());

const key = `key=${EMULATOR_API_KEY}`;
const [SIGN_IN, LOOKUP, SEND_OOB_CODE, TOKEN] = IDENTITY_REST_PATHS;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const form = typeof body === 'string';
  return fetch(`${t.baseUrl}${path}?${key}`, {
    method: 'POST',
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...headers,
    },
    body: form ? body : JSON.stringify(body),
  });
}

async function signIn(user: TestUser): Promise<{ idToken: string; refreshToken: string }> {
  const response = await post(SIGN_IN, { email: user.email, password: user.password, returnSecureToken: true });
  expect(response.status).toBe(200);
  return (await response.json()) as { idToken: string; refreshToken: string };
}

/** Only the Auth emulator's own port lists the reset codes it "sent". */
async function oobCodes(email: string): Promise<{ oobCode: string; requestType: string }[]> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const response = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/oobCodes`);
  const { oobCodes: codes } = (await response.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  return codes.filter((code) => code.email === email);
}

describe('the identity calls the app makes', () => {
  it('sign in, load the user and refresh the token through this origin', async () => {
    const { idToken, refreshToken } = await signIn(patient);
    const role = await t.app.inject({ url: '/nodejsapp/api/role', headers: bearer(idToken) });
    expect(role.json()).toEqual({ role: 'patient' });

    const lookup = await post(LOOKUP, { idToken });
    expect(lookup.status).toBe(200);
    const { users } = (await lookup.json()) as { users: { localId: string; email: string }[] };
    expect(users[0]).toMatchObject({ localId: patient.uid, email: patient.email });

    // firebase/auth refreshes with a form body; the answer is a new ID token for the same user.
    const refreshed = await post(TOKEN!, `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`);
    expect(refreshed.status).toBe(200);
    const { id_token: fresh, user_id: uid } = (await refreshed.json()) as { id_token: string; user_id: string };
    expect(uid).toBe(patient.uid);
    const again = await t.app.inject({ url: '/nodejsapp/api/role', headers: bearer(fresh) });
    expect(again.json()).toEqual({ role: 'patient' });
  });

  it('asks for a password-reset email', async () => {
    const before = (await oobCodes(patient.email)).length;
    const response = await post(SEND_OOB_CODE!, {
      requestType: 'PASSWORD_RESET',
      email: patient.email,
      clientType: 'CLIENT_TYPE_WEB',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: patient.email });
    const codes = await oobCodes(patient.email);
    expect(codes).toHaveLength(before + 1);
    expect(codes.at(-1)).toMatchObject({ requestType: 'PASSWORD_RESET' });
  });

  it('refuses a call without a body itself (the emulator would answer it with a 500)', async () => {
    for (const path of IDENTITY_REST_PATHS) {
      for (const headers of [{}, { 'content-type': 'application/x-www-form-urlencoded' }] as Record<string, string>[]) {
        const response = await fetch(`${t.baseUrl}${path}?${key}`, { method: 'POST', headers });
        expect(response.status, path).toBe(400);
        expect(await response.json()).toEqual({ error: { code: 400, message: 'MISSING_REQUEST_BODY' } });
      }
    }
  });

  it('keeps the security headers on the emulator answers', async () => {
    const response = await post(SIGN_IN, { email: patient.email, password: 'wrong', returnSecureToken: true });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('nothing else of the emulator', () => {
  it('registers exactly the app calls, POST only', () => {
    const proxied = t.routes.filter((route) => IDENTITY_PATH_PREFIXES.some((prefix) => route.url.startsWith(prefix)));
    expect(proxied.map((route) => [route.method, route.url.replaceAll('::', ':')]).sort()).toEqual(
      IDENTITY_REST_PATHS.map((path) => ['POST', path]).sort(),
    );
  });

  it.each([
    '/emulator/auth/handler?apiKey=demo-api-key&mode=resetPassword',
    '/emulator/action?mode=resetPassword&oobCode=x&continueUrl=https://evil.example',
    '/emulator/auth/iframe',
    `/emulator/v1/projects/${EMULATOR_PROJECT_ID}/oobCodes`,
    `/emulator/v1/projects/${EMULATOR_PROJECT_ID}/accounts`,
    `/emulator/v1/projects/${EMULATOR_PROJECT_ID}/config`,
    '/emulator/',
  ])('answers 404 for %s, whatever the method', async (path) => {
    for (const method of ['GET', 'POST', 'DELETE', 'PATCH']) {
      const response = await fetch(`${t.baseUrl}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('serves no other identity call, and never lends the emulator owner powers', async () => {
    const update = await post(
      `/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:update`,
      { localId: patient.uid, customAttributes: JSON.stringify({ role: 'admin' }) },
      { authorization: 'Bearer owner' },
    );
    expect(update.status).toBe(404);
    for (const path of [
      '/identitytoolkit.googleapis.com/v1/accounts:signUp',
      '/identitytoolkit.googleapis.com/v1/accounts:update',
      '/identitytoolkit.googleapis.com/v1/accounts:delete',
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword/x',
      '/identitytoolkit.googleapis.com/v1/accountsXsignInWithPassword',
      `/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:batchGet`,
      '/securetoken.googleapis.com/v1/token/x',
    ]) {
      expect((await post(path, {})).status, path).toBe(404);
    }
    expect((await fetch(`${t.baseUrl}${SIGN_IN}?${key}`)).status).toBe(404);
    const user = await testAdminAuth().getUser(patient.uid);
    expect(user.customClaims).toEqual({ role: 'patient' });
  });
});
