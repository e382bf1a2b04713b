// The one place that decides who is admitted (issue 17), moving the session (offline/session.ts)
// through its states: a page starts `remembered` when this device verified the adminToken's
// holder as an admin within the offline trust (the cache paints at once), `restoring` otherwise;
// Firebase and GET /role then make it `verified`, `denied` (sign in again; the data waits) or
// `revoked` (the account lost its access: the device is wiped, lib/end-session.ts). The guard
// (app/guard.ts), the outbox, the streams and the logout read the state; nothing else decides it.
import type { User } from 'firebase/auth';
import type { RoleResponse } from '../../shared/entities';
import { apiRequest, HttpError } from '../offline/http';
import { db } from '../offline/db';
import { applyKeyRetention } from '../offline/key-retention';
import { onOutboxMessage } from '../offline/outbox-channel';
import { authGate, resumeAfterSignIn } from '../offline/session';
import { admittedPerson, sessionState, type DenyReason, type SessionState } from '../offline/session-state';
import { startOffline } from '../offline/start';
import type { EntryOwner } from '../offline/outbox-entry';
import { isSessionEndedWhy, leaveSessionEndedNotice } from './access-notice';
import { removeStoredToken, tokenHolder } from './auth-token';
import { endDeviceSession, isEnding } from './end-session';
import {
  DEFAULT_OFFLINE_TRUST_MS,
  decideAccess,
  isTrustedAdmin,
  rememberedName,
  rememberedRole,
  type RoleOutcome,
} from './role-cache';
import { getLoadedConfig, loadRuntimeConfig, subscribeRuntimeConfig } from './runtime-config';

const auth = () => import('./auth');

/** The server's 401 codes that say the account lost its access (not that a session merely ended). */
const GONE_CODES = new Set(['token_revoked', 'user_disabled', 'user_not_found']);
/** The identity service's refusals of a refresh token that say the same. */
const GONE_REFRESH = new Set(['TOKEN_EXPIRED', 'USER_DISABLED', 'USER_NOT_FOUND', 'INVALID_REFRESH_TOKEN']);

function offlineTrustMs(): number {
  return getLoadedConfig()?.offlineTrustMs ?? DEFAULT_OFFLINE_TRUST_MS;
}

function trusted(uid: string): boolean {
  return isTrustedAdmin(localStorage, uid, Date.now(), offlineTrustMs());
}

function set(next: SessionState): SessionState {
  const before = sessionState.get();
  // Revoked is final: the device is being wiped and /login loads afresh. A later verdict (another
  // refused call, now that the role is forgotten, reads as 'denied') must not take the page to
  // the sign-in screen first, whose opening would forget the notice the wipe leaves.
  if (before.status === 'revoked') return before;
  sessionState.set(next);
  const person = admittedPerson(next);
  if (person && !admittedPerson(before)) startOfflineSession();
  if (next.status === 'revoked') void endDeviceSession({ kind: 'revoked', uid: next.person.uid });
  if (next.status === 'denied') removeStoredToken();
  return next;
}

/** How often an open page checks that its offline trust still holds. */
const TRUST_CHECK_MS = 60_000;

/** Set while the device is locked (app/lock.ts): every tab, and a reload, stay locked. */
export const LOCK_KEY = 'pharmacy-locked';

function lockedFor(uid: string): boolean {
  return localStorage.getItem(LOCK_KEY) === uid;
}

/** How the person was admitted before the lock: what unlocking returns to. */
let unlockedStatus: 'remembered' | 'verified' = 'remembered';

function admit(who: EntryOwner, status: 'remembered' | 'verified'): SessionState {
  // The name the server gave (decide, verifyAfterSignIn), else the one this device remembers.
  const person = who.name === undefined ? { ...who, name: rememberedName(localStorage, who.uid) } : who;
  unlockedStatus = status;
  if (lockedFor(person.uid)) return set({ status: 'locked', person });
  const state = set({ status, person });
  // The server admits this person again: a queue paused by a refusal goes on.
  if (status === 'verified' && authGate.get() === 'refused') resumeAfterSignIn();
  return state;
}

function deny(reason: DenyReason): SessionState {
  // Someone was working here: the sign-in screen says why they are asked to sign in again.
  if (admittedPerson() && isSessionEndedWhy(reason)) leaveSessionEndedNotice(reason);
  return set({ status: 'denied', reason });
}

/** Once an admin is admitted: the cache, the outbox, the streams, persistent storage (DESIGN 4). */
function startOfflineSession(): void {
  startOffline({
    getToken: async (forceRefresh) => (await auth()).getSessionToken(forceRefresh),
    runtimeConfig: getLoadedConfig(),
  });
}

// ---- Asking the server ------------------------------------------------------------------------

async function roleWith(token: string): Promise<RoleOutcome> {
  try {
    const { role, name } = await apiRequest<RoleResponse>('/role', { token, timeoutMs: 10_000 });
    return name ? { kind: 'answered', role, name } : { kind: 'answered', role };
  } catch (error) {
    if (error instanceof HttpError) {
      return error.status === 401 && GONE_CODES.has(error.code ?? '') ? { kind: 'account-gone' } : { kind: 'refused', status: error.status };
    }
    // NetworkError, a timeout.
    return { kind: 'unreachable' };
  }
}

/** GET /role (spec section 6) for the signed-in user, with one fresh token after a 401. */
async function askRole(user: User): Promise<RoleOutcome> {
  const { isRevocation } = await auth();
  for (const forceRefresh of [false, true]) {
    let token: string;
    try {
      token = await user.getIdToken(forceRefresh);
    } catch (error) {
      // Firebase would not renew the token: revoked, disabled or deleted; else no network.
      return isRevocation(error) ? { kind: 'account-gone' } : { kind: 'unreachable' };
    }
    const outcome = await roleWith(token);
    if (outcome.kind === 'refused' && outcome.status === 401 && !forceRefresh) continue;
    return outcome;
  }
  return { kind: 'refused', status: 401 };
}

/** Where a role call leaves `person`. */
function decide(person: EntryOwner, outcome: RoleOutcome): SessionState {
  const knownAdmin = rememberedRole(localStorage, person.uid) === 'admin';
  const access = decideAccess(localStorage, person.uid, outcome, { now: Date.now(), trustMs: offlineTrustMs() });
  if (access === 'revoked') return set({ status: 'revoked', person });
  if (access === 'admin') {
    return outcome.kind === 'answered' ? admit({ ...person, name: outcome.name ?? null }, 'verified') : admit(person, 'remembered');
  }
  if (outcome.kind === 'answered') return deny('not-admin');
  if (outcome.kind === 'unreachable') return deny(knownAdmin ? 'offline-unverified' : 'role-check-failed');
  return deny('session-ended');
}

// ---- Why a session is gone --------------------------------------------------------------------

const refreshTokenKey = (uid: string) => `refreshToken:${uid}`;

/**
 * Kept for the admitted person, in the device database (wiped with everything else): when
 * Firebase drops a session by itself (its refresh refused), this asks the identity service why.
 */
async function keepRefreshToken(user: User | null): Promise<void> {
  const person = admittedPerson();
  if (!user || person?.uid !== user.uid || !user.refreshToken) return;
  await db.meta.put({ key: refreshTokenKey(user.uid), value: user.refreshToken }).catch(() => undefined);
}

/** Where the identity service renews tokens (the emulator's paths are proxied on this origin). */
function tokenEndpoint(apiKey: string, emulator: boolean): string {
  const base = emulator ? `${location.origin}/securetoken.googleapis.com` : 'https://securetoken.googleapis.com';
  return `${base}/v1/token?key=${encodeURIComponent(apiKey)}`;
}

/**
 * Firebase restored nobody, yet this device holds an admin's session: it was signed out without
 * a Logout (which wipes). Either the account lost its access (revoked sessions, disabled,
 * deleted, another role: 'gone'), or the session merely ended ('ended'), or nobody can say now.
 */
async function whySessionEnded(person: EntryOwner): Promise<'gone' | 'ended' | 'unknown'> {
  const stored = await db.meta.get(refreshTokenKey(person.uid)).catch(() => undefined);
  const refreshToken = typeof stored?.value === 'string' ? stored.value : null;
  if (!refreshToken) return 'ended';
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch {
    return 'unknown';
  }
  let response: Response;
  try {
    response = await fetch(tokenEndpoint(config.firebase.apiKey, config.authEmulator), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return 'unknown';
  }
  const answer = (await response.json().catch(() => null)) as { id_token?: unknown; error?: { message?: unknown } } | null;
  if (!response.ok) {
    const message = String(answer?.error?.message ?? '').split(' ')[0] ?? '';
    return GONE_REFRESH.has(message) ? 'gone' : 'ended';
  }
  if (typeof answer?.id_token !== 'string') return 'ended';
  // The identity service still renews it: the server says whether the account keeps its access.
  const outcome = await roleWith(answer.id_token);
  if (outcome.kind === 'account-gone' || (outcome.kind === 'answered' && outcome.role !== 'admin')) return 'gone';
  return outcome.kind === 'unreachable' ? 'unknown' : 'ended';
}

// ---- Verifying --------------------------------------------------------------------------------

let verifying: Promise<SessionState> | null = null;

/** Firebase's session and the server's answer: the state the page settles in. */
async function verify(): Promise<SessionState> {
  const { getCurrentUser } = await auth();
  const user = await getCurrentUser();
  // adminToken goes with a sign-out: the person admitted here is who the device knew.
  const holder = admittedPerson() ?? tokenHolder();
  if (!user) {
    if (holder && rememberedRole(localStorage, holder.uid) === 'admin') {
      const why = await whySessionEnded(holder);
      if (why === 'gone') return decide(holder, { kind: 'account-gone' });
      if (why === 'unknown' && trusted(holder.uid)) return admit(holder, 'remembered');
      return deny(why === 'unknown' ? 'offline-unverified' : 'session-ended');
    }
    return deny('signed-out');
  }
  return decide({ uid: user.uid, email: user.email }, await askRole(user));
}

function verifyOnce(): Promise<SessionState> {
  verifying ??= verify()
    .catch((error: unknown) => {
      console.error('Checking the session failed', error);
      return deny('role-check-failed');
    })
    .finally(() => {
      verifying = null;
    });
  return verifying;
}

// ---- The page's session -----------------------------------------------------------------------

let listening = false;
let initialised = false;

/** Once per page: the state from what the device remembers (before Firebase or the network). */
function startSession(): void {
  listen();
  if (initialised) return;
  initialised = true;
  // Admitted at once on this device's word; otherwise 'restoring' until Firebase and the server
  // have answered (the guard shows 'Loading...' meanwhile, as the spec's guard does).
  const holder = tokenHolder();
  if (holder && trusted(holder.uid)) admit(holder, 'remembered');
}

/** Once per page: what moves the session afterwards. */
function listen(): void {
  if (listening) return;
  listening = true;
  // The queue or the sync was refused (401/403 with a fresh token): the server is asked again.
  authGate.subscribe(() => {
    if (authGate.get() === 'refused' && admittedPerson()) void verifyOnce();
  });
  void auth().then(({ onUserChanged, onRevoked }) => {
    onUserChanged((user) => {
      void keepRefreshToken(user);
      const person = admittedPerson();
      if (isEnding()) return;
      // Signed out elsewhere, or by Firebase itself (its refresh refused): find out which.
      if (person && (!user || user.uid !== person.uid)) void verifyOnce();
    });
    // Firebase would not renew the token of the person admitted here: the account lost its access.
    onRevoked((uid) => {
      const person = admittedPerson();
      if (person?.uid === uid) decide(person, { kind: 'account-gone' });
    });
  });
  // The lock is the device's: another tab locked or unlocked.
  window.addEventListener('storage', (event) => {
    if (event.key !== LOCK_KEY) return;
    const person = admittedPerson();
    if (person && event.newValue === person.uid) set({ status: 'locked', person });
    else if (event.newValue === null) unlockSession();
  });
  onOutboxMessage((message, local) => {
    // Another tab is wiping the device: let go of the database and leave with nothing in memory.
    if (message.type !== 'wiped' || local) return;
    db.close({ disableAutoOpen: true });
    window.location.replace('/login');
  });
  // The server's settings may arrive after the admission (a remembered copy was used first).
  subscribeRuntimeConfig(() => applyKeyRetention(getLoadedConfig()));
  // A page left open outlives the offline trust: once it lapses the server is asked again (which
  // renews it online); offline, the person must sign in before seeing patient data again.
  const checkTrust = () => {
    const person = admittedPerson();
    if (person && !trusted(person.uid) && !isEnding()) void verifyOnce();
  };
  setInterval(checkTrust, TRUST_CHECK_MS);
  window.addEventListener('focus', checkTrust);
}

/**
 * The guard's question: who is admitted. A remembered admin is admitted at once while the server
 * is asked in the background; otherwise this waits for Firebase and the server.
 */
export async function admission(): Promise<SessionState> {
  startSession();
  const state = sessionState.get();
  if (state.status === 'remembered') {
    void verifyOnce();
    return state;
  }
  if (state.status === 'restoring') return verifyOnce();
  return state;
}

/** Locks the screen of every tab (the queue and the streams go on). */
export function lockSession(): void {
  const person = admittedPerson();
  if (!person) return;
  localStorage.setItem(LOCK_KEY, person.uid);
  set({ status: 'locked', person });
}

/**
 * The person proved who they are (app/lock.ts): every tab unlocks. Past the offline trust, the
 * screen stays covered until the server has answered (offline: the sign-in screen).
 */
export function unlockSession(): void {
  const state = sessionState.get();
  if (state.status !== 'locked') return;
  localStorage.removeItem(LOCK_KEY);
  if (trusted(state.person.uid)) set({ status: unlockedStatus, person: state.person });
  else void verifyOnce();
}

/**
 * Signs the person out without a wipe ("Not you?", too many wrong passwords at the lock): their
 * queued changes stay on the device for their next sign-in, as for any session that ended.
 */
export async function signOutKeepingData(reason: DenyReason = 'signed-out'): Promise<void> {
  localStorage.removeItem(LOCK_KEY);
  await (await auth()).signOut().catch((error: unknown) => console.error('Sign-out failed', error));
  deny(reason);
}

/** Right after a sign-in: 'failed' when the role call gave no usable answer (spec: 'Failed to verify user role'). */
export async function verifyAfterSignIn(
  user: User,
  beforeAdmitting: () => Promise<void> = async () => undefined,
): Promise<'admin' | 'denied' | 'revoked' | 'failed'> {
  // adminToken is being written for this sign-in: the page's first state is not read from it.
  initialised = true;
  listen();
  const outcome = await askRole(user);
  if (outcome.kind !== 'answered' && outcome.kind !== 'account-gone') return 'failed';
  const person = { uid: user.uid, email: user.email, name: outcome.kind === 'answered' ? (outcome.name ?? null) : null };
  // Decided here rather than by `decide`: a revoked account at sign-in is wiped by the sign-in
  // screen, which says 'Access denied: Admins only.' with the notice.
  const access = decideAccess(localStorage, user.uid, outcome, { now: Date.now(), trustMs: offlineTrustMs() });
  if (access === 'admin') {
    // Admitting opens the app (the guard leaves /login): what must be kept first is kept.
    await beforeAdmitting();
    admit(person, 'verified');
    void auth().then(({ getCurrentUser }) => getCurrentUser().then(keepRefreshToken));
  }
  return access;
}
