// Firebase Authentication for the app: one Auth instance configured from the server's runtime
// settings, the adminToken the spec keeps in local storage, and the admin check of the guard.
import { useEffect, useSyncExternalStore } from 'react';
import type { Auth, User } from 'firebase/auth';
import { apiRequest, HttpError } from '../offline/http';
import type { SessionToken } from '../offline/session';
import type { RoleResponse } from '../../shared/entities';
import { createTokenWriter, removeStoredToken } from './auth-token';
import { decideAccess, forgetRole, type Access, type RoleOutcome } from './role-cache';
import { rememberedAdmin } from './remembered-admin';
import { loadRuntimeConfig } from './runtime-config';

type FirebaseAuthModule = typeof import('./firebase-auth');

/** undefined until Firebase has read the persisted session. */
let currentUser: User | null | undefined;
const userListeners = new Set<() => void>();
let started: Promise<{ auth: Auth; fb: FirebaseAuthModule }> | null = null;
/** Uids whose admin role was verified with the server during this page load. */
const verifiedThisLoad = new Set<string>();

const writeToken = createTokenWriter(localStorage, () => {
  // A fresh token lets a queue paused by a 401 go on. Loaded lazily: the offline core brings
  // Dexie, which the sign-in screen does not need.
  import('../offline/outbox-triggers').then((m) => m.resumeOutbox()).catch(() => undefined);
});

function setUser(user: User | null): void {
  if (user === currentUser) return;
  currentUser = user;
  userListeners.forEach((notify) => notify());
}

function start(): Promise<{ auth: Auth; fb: FirebaseAuthModule }> {
  started ??= (async () => {
    const [config, fb] = await Promise.all([loadRuntimeConfig(), import('./firebase-auth')]);
    const auth = fb.createFirebaseAuth(config);
    fb.onIdTokenChanged(auth, (user) => void writeToken(user));
    fb.onAuthStateChanged(auth, (user) => {
      if (!user) verifiedThisLoad.clear();
      setUser(user);
    });
    await auth.authStateReady();
    setUser(auth.currentUser);
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

export async function signIn(email: string, password: string): Promise<User> {
  const { auth, fb } = await start();
  const credential = await fb.signInWithEmailAndPassword(auth, email, password);
  return credential.user;
}

/** Signs out and removes adminToken and this user's remembered role. */
export async function signOut(): Promise<void> {
  const { auth, fb } = await start();
  const uid = auth.currentUser?.uid;
  if (uid) forgetRole(localStorage, uid);
  verifiedThisLoad.clear();
  await fb.signOut(auth);
  removeStoredToken();
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
    // Firebase signs the account out by itself then; the app must still hear why.
    if (isAccountGone(error)) accountGoneListeners.forEach((listener) => listener(user.uid));
    throw error;
  }
}

/** Firebase's words for "this account is disabled or no longer exists". */
const ACCOUNT_GONE = new Set(['auth/user-disabled', 'auth/user-not-found']);

function isAccountGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ACCOUNT_GONE.has(code);
}

const accountGoneListeners = new Set<(uid: string) => void>();

/** Heard when the identity service refuses to renew a token: the account is disabled or deleted. */
export function onAccountGone(listener: (uid: string) => void): () => void {
  accountGoneListeners.add(listener);
  return () => accountGoneListeners.delete(listener);
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, fb } = await start();
  await fb.sendPasswordResetEmail(auth, email);
}

/**
 * GET /role (spec section 6), with one fresh token after a 401. Disabled or deleted accounts
 * (the server's 401 `user_disabled`, or Firebase refusing to renew the token) are told apart from
 * a session that merely ended, and from no answer at all.
 */
async function askRole(): Promise<RoleOutcome> {
  for (const forceRefresh of [false, true]) {
    let session: SessionToken | null;
    try {
      session = await getSessionToken(forceRefresh);
    } catch (error) {
      if (isAccountGone(error)) return { kind: 'account-gone' };
      const code = (error as { code?: unknown } | null)?.code;
      // A revoked session (auth/user-token-expired): signed out, the data waits for a sign-in.
      return code === 'auth/user-token-expired' ? { kind: 'refused', status: 401 } : { kind: 'unreachable' };
    }
    if (!session) return { kind: 'refused', status: 401 };
    try {
      const { role } = await apiRequest<RoleResponse>('/role', {
        token: session.token,
        signal: AbortSignal.timeout(10_000),
      });
      return { kind: 'answered', role };
    } catch (error) {
      if (error instanceof HttpError && error.code === 'user_disabled') return { kind: 'account-gone' };
      if (error instanceof HttpError && error.status === 401 && !forceRefresh) continue;
      return toOutcome(error);
    }
  }
  return { kind: 'refused', status: 401 };
}

/**
 * The sign-in screen's question, right after signing in: 'failed' when the role call gave no
 * usable answer (spec: 'Failed to verify user role').
 */
export async function roleAfterSignIn(uid: string): Promise<Access | 'failed'> {
  const outcome = await askRole();
  if (outcome.kind !== 'answered' && outcome.kind !== 'account-gone') return 'failed';
  const access = decideAccess(localStorage, uid, outcome);
  if (access === 'admin') verifiedThisLoad.add(uid);
  return access;
}

function toOutcome(error: unknown): RoleOutcome {
  if (error instanceof HttpError) return { kind: 'refused', status: error.status };
  // NetworkError, a timeout, or Firebase unable to refresh an expired token offline.
  return { kind: 'unreachable' };
}

/** True when the server confirmed this uid as admin during this page load. */
export function isVerifiedAdmin(uid: string): boolean {
  return verifiedThisLoad.has(uid);
}

/**
 * The guard's question (spec section 6, DESIGN 4). `fresh`: ask the server even if it admitted
 * this uid earlier in this page load (the queue was just refused).
 */
export async function checkAdminAccess(user: User, { fresh = false } = {}): Promise<Access> {
  if (!fresh && isVerifiedAdmin(user.uid)) return 'admin';
  const outcome = await askRole();
  if (outcome.kind !== 'answered' || outcome.role !== 'admin') verifiedThisLoad.delete(user.uid);
  const access = decideAccess(localStorage, user.uid, outcome);
  if (access === 'admin' && outcome.kind === 'answered') verifiedThisLoad.add(user.uid);
  return access;
}

function subscribeUser(listener: () => void): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

/** The Firebase user: undefined while the session is being restored, null when signed out. */
export function useAuthUser(): User | null | undefined {
  const user = useSyncExternalStore(subscribeUser, () => currentUser);
  useEffect(() => {
    start().catch(() => setUser(null));
  }, []);
  return user;
}

/** Whose changes this page makes: the Firebase user's, or while it is restored, the remembered admin's. */
export function useSessionUid(): string | null {
  const user = useAuthUser();
  return user === undefined ? (rememberedAdmin()?.uid ?? null) : (user?.uid ?? null);
}
