// Firebase Authentication for the app: one Auth instance configured from the server's runtime
// settings, the adminToken the spec keeps in local storage, and the admin check of the guard.
import { useEffect, useSyncExternalStore } from 'react';
import type { Auth, User } from 'firebase/auth';
import { apiRequest, HttpError } from '../offline/http';
import type { RoleResponse } from '../../shared/entities';
import { createTokenWriter, removeStoredToken } from './auth-token';
import { decideAccess, forgetRole, rememberRole, type Access, type Role, type RoleOutcome } from './role-cache';
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
  import('../offline/outbox').then((m) => m.resumeOutbox()).catch(() => undefined);
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
 * A valid ID token (refreshed when close to expiry, or now with forceRefresh), or null when
 * nobody is signed in.
 */
export async function getFreshToken(forceRefresh = false): Promise<string | null> {
  const user = await getCurrentUser();
  return user ? user.getIdToken(forceRefresh) : null;
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, fb } = await start();
  await fb.sendPasswordResetEmail(auth, email);
}

/** GET /role with a fresh token. Throws HttpError on a non-OK answer, NetworkError offline. */
export async function verifyRole(): Promise<Role> {
  const token = await getFreshToken();
  if (!token) throw new HttpError(401, null, null);
  const { role } = await apiRequest<RoleResponse>('/role', {
    token,
    signal: AbortSignal.timeout(10_000),
  });
  return role;
}

/** Records a role the server just gave (the sign-in screen asks before the guard does). */
export function recordVerifiedRole(uid: string, role: Role): void {
  rememberRole(localStorage, uid, role);
  if (role === 'admin') verifiedThisLoad.add(uid);
  else verifiedThisLoad.delete(uid);
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

/** The guard's question (spec section 6, DESIGN 4). */
export async function checkAdminAccess(user: User): Promise<Access> {
  if (isVerifiedAdmin(user.uid)) return 'admin';
  let outcome: RoleOutcome;
  try {
    outcome = { kind: 'answered', role: await verifyRole() };
  } catch (error) {
    outcome = toOutcome(error);
  }
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
