// Real Firebase ID tokens from the Auth emulator for API tests: an account is signed up over
// the emulator's REST API, its `role` claim set with firebase-admin, then signed in.
//
//   const admin = await createTestUser('admin');   // { uid, email, password, token }
//   headers: { authorization: `Bearer ${admin.token}` }
import { randomBytes } from 'node:crypto';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { initializeApp, getApps } from 'firebase-admin/app';
import { EMULATOR_API_KEY, EMULATOR_PROJECT_ID } from '../../../src/server/config';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  token: string;
}

function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run with `npm run test:api`');
  return host;
}

async function identityToolkit<T>(method: string, body: unknown): Promise<T> {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${method}?key=${EMULATOR_API_KEY}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${method}: ${json.error?.message ?? response.status}`);
  return json;
}

/** firebase-admin against the suite's emulator (one app per test file's process). */
export function testAdminAuth(): Auth {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost();
  const existing = getApps().find((app) => app.name === 'api-tests');
  return getAuth(existing ?? initializeApp({ projectId: EMULATOR_PROJECT_ID }, 'api-tests'));
}

/** Signs in with email and password; returns a fresh ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const answer = await identityToolkit<{ idToken: string }>('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return answer.idToken;
}

/** A new emulator account with `role` as its custom claim (null: no role claim at all). */
export async function createTestUser(role: 'admin' | 'patient' | null): Promise<TestUser> {
  const email = `${role ?? 'nobody'}-${randomBytes(6).toString('hex')}@tests.pharmacy.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const { localId } = await identityToolkit<{ localId: string }>('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  if (role) await testAdminAuth().setCustomUserClaims(localId, { role });
  return { uid: localId, email, password, token: await signIn(email, password) };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * An emulator-style ID token (unsigned, alg "none", which firebase-admin accepts in emulator
 * mode) for `uid` whose exp lies in the past: only its age is wrong.
 */
export function expiredToken(uid: string, email?: string): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${EMULATOR_PROJECT_ID}`,
    aud: EMULATOR_PROJECT_ID,
    auth_time: now - 7200,
    user_id: uid,
    sub: uid,
    iat: now - 7200,
    exp: now - 3600,
    email,
    email_verified: false,
    firebase: { identities: { email: email ? [email] : [] }, sign_in_provider: 'password' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** An emulator-style ID token for `uid`, signed in now, that expires in `seconds`. */
export function shortLivedToken(uid: string, email: string, seconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${EMULATOR_PROJECT_ID}`,
    aud: EMULATOR_PROJECT_ID,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + seconds,
    email,
    email_verified: false,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/**
 * An emulator-style ID token for `uid`, valid for the next hour, of a session signed in
 * `ageSeconds` ago: Firebase's hourly refresh keeps the sign-in's `auth_time`.
 */
export function sessionTokenAged(uid: string, email: string, ageSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${EMULATOR_PROJECT_ID}`,
    aud: EMULATOR_PROJECT_ID,
    auth_time: now - ageSeconds,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    email,
    email_verified: false,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

export const GARBAGE_TOKEN = 'garbage.not-a.token';

export interface TokenSet {
  admin: TestUser;
  patient: TestUser;
  /** Signed in, but with no role claim. */
  none: TestUser;
  /** The admin's identity, expired. */
  expired: string;
  garbage: string;
}

/** One of each kind of caller, for role matrices. */
export async function createTokenSet(): Promise<TokenSet> {
  const [admin, patient, none] = await Promise.all([
    createTestUser('admin'),
    createTestUser('patient'),
    createTestUser(null),
  ]);
  return {
    admin,
    patient,
    none,
    expired: expiredToken(admin.uid, admin.email),
    garbage: GARBAGE_TOKEN,
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
