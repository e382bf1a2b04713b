// Firebase Authentication for the app: one Auth instance configured from the server's runtime
// settings, and the adminToken the spec keeps in local storage. Who is admitted is not decided
// here: lib/session-control.ts asks the server and moves the session (offline/session.ts).
import type { Auth, User } from 'firebase/auth';
import type { SessionToken } from '../offline/session';
import { createTokenWriter, removeStoredToken } from './auth-token';
import { loadRuntimeConfig } from './runtime-config';

type FirebaseAuthModule = typeof import('./firebase-auth');

let started: Promise<{ auth: Auth; fb: FirebaseAuthModule }> | null = null;
const userListeners = new Set<(user: User | null) => void>();
const revokedListeners = new Set<(uid: string) => void>();

const writeToken = createTokenWriter(localStorage, () => {
  // A fresh token lets a queue paused by a 401 go on. Loaded lazily: the offline core brings
  // Dexie, which the sign-in screen does not need.
  import('../offline/outbox-triggers').then((m) => m.resumeOutbox()).catch(() => undefined);
});

function start(): Promise<{ auth: Auth; fb: FirebaseAuthModule }> {
  started ??= (async () => {
    const [config, fb] = await Promise.all([loadRuntimeConfig(), import('./firebase-auth')]);
    const auth = fb.createFirebaseAuth(config);
    fb.onIdTokenChanged(auth, (user) => {
      void writeToken(user);
      userListeners.forEach((listener) => listener(user));
    });
    await auth.authStateReady();
    return { auth, fb };
  })().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

/** Starts loading Firebase ahead of need (the sign-in screen calls it once painted). */
export function preloadAuth(): void {
  start().catch(() => undefined);
}

/** The signed-in user once Firebase has restored the session; null when signed out. */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return (await start()).auth.currentUser;
  } catch {
    // No settings yet (first start without a network): nobody can be signed in.
    return null;
  }
}

/** Heard on every change of the signed-in user or of their ID token (null: signed out). */
export function onUserChanged(listener: (user: User | null) => void): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

export async function signIn(email: string, password: string): Promise<User> {
  const { auth, fb } = await start();
  const credential = await fb.signInWithEmailAndPassword(auth, email, password);
  return credential.user;
}

/** Signs out of Firebase and removes adminToken. */
export async function signOut(): Promise<void> {
  const { auth, fb } = await start();
  await fb.signOut(auth);
  removeStoredToken();
}

/**
 * Firebase's words for "this account's sessions were revoked, or it is disabled or gone": it will
 * not renew the token (and signs the account out by itself).
 */
const REVOKED_CODES = new Set(['auth/user-token-expired', 'auth/user-disabled', 'auth/user-not-found']);

export function isRevocation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && REVOKED_CODES.has(code);
}

/** Heard when the identity service refuses to renew a token for good (isRevocation). */
export function onRevoked(listener: (uid: string) => void): () => void {
  revokedListeners.add(listener);
  return () => revokedListeners.delete(listener);
}

/**
 * A valid ID token (refreshed when close to expiry, or now with forceRefresh) and whose it is,
 * or null when nobody is signed in.
 */
export async function getSessionToken(forceRefresh = false): Promise<SessionToken | null> {
  const user = await getCurrentUser();
  if (!user) return null;
  try {
    return { uid: user.uid, token: await user.getIdToken(forceRefresh) };
  } catch (error) {
    // Firebase signs the account out by itself then; the session must still hear why.
    if (isRevocation(error)) revokedListeners.forEach((listener) => listener(user.uid));
    throw error;
  }
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, fb } = await start();
  await fb.sendPasswordResetEmail(auth, email);
}
