// The shared counter tablet's lock (issue 18): after IDLE_LOCK_AFTER without input on any tab
// of the device, or at once from the user menu, every tab shows the lock screen and no patient's
// text stays in the page (the screens are taken down; the queue and the streams go on). The same
// person unlocks with their password: online through the identity service, offline against a slow
// hash made at their last online sign-in (PBKDF2-SHA-256, 600,000 iterations, a salt per device;
// never the password itself). Five wrong tries sign them out, their queued changes kept.
import { db } from '../offline/db';
import { isOnline } from '../offline/connectivity';
import { admittedPerson, sessionState } from '../offline/session-state';
import { lockSession, signOutKeepingData, unlockSession } from './session-control';

const ITERATIONS = 600_000;
export const MAX_TRIES = 5;

/** Last input on any tab of this device (ms since the epoch), shared through local storage. */
const ACTIVITY_KEY = 'pharmacy-last-input';
/** How often an input is written down (each keystroke need not be). */
const ACTIVITY_WRITE_MS = 5_000;
const CHECK_MS = 5_000;

interface UnlockSecret {
  salt: string;
  hash: string;
  iterations: number;
}

const secretKey = (uid: string) => `unlock:${uid}`;
const triesKey = (uid: string) => `unlock-tries:${uid}`;

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  return hex(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256));
}

/**
 * After an online sign-in or unlock: what lets this person unlock offline, made (the slow part)
 * at once, and kept in the device's database by the function it resolves with.
 */
export async function prepareUnlockSecret(password: string): Promise<(uid: string) => Promise<void>> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const secret: UnlockSecret = { salt: hex(salt), hash: await derive(password, salt, ITERATIONS), iterations: ITERATIONS };
  return async (uid) => {
    await db.meta.put({ key: secretKey(uid), value: secret });
  };
}

async function rememberUnlockSecret(uid: string, password: string): Promise<void> {
  await (await prepareUnlockSecret(password))(uid);
}

async function matchesSecret(uid: string, password: string): Promise<boolean | null> {
  const secret = (await db.meta.get(secretKey(uid)))?.value as UnlockSecret | undefined;
  if (!secret) return null;
  const hash = await derive(password, fromHex(secret.salt), secret.iterations);
  // Not a timing-safe comparison, and need not be: the hash never leaves this device.
  return hash === secret.hash;
}

export type UnlockResult =
  | { kind: 'unlocked' }
  | { kind: 'wrong'; triesLeft: number }
  /** Offline, and this device holds no way to check the password (no online sign-in here yet). */
  | { kind: 'needs-network' }
  | { kind: 'signed-out' };

async function checkOnline(email: string, password: string): Promise<boolean | 'unreachable'> {
  const { signIn } = await import('./auth');
  try {
    await signIn(email, password);
    return true;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return code === 'auth/network-request-failed' ? 'unreachable' : false;
  }
}

/** The locked person's password: online through the identity service, else against the slow hash. */
export async function unlockWith(password: string): Promise<UnlockResult> {
  const state = sessionState.get();
  if (state.status !== 'locked') return { kind: 'unlocked' };
  const { person } = state;
  let right: boolean | null = null;
  if (isOnline() && person.email) {
    const online = await checkOnline(person.email, password);
    if (online !== 'unreachable') right = online;
  }
  right ??= await matchesSecret(person.uid, password);
  if (right === null) return { kind: 'needs-network' };
  if (right) {
    await db.meta.delete(triesKey(person.uid));
    if (isOnline()) void rememberUnlockSecret(person.uid, password).catch(() => undefined);
    localStorage.setItem(ACTIVITY_KEY, String(Date.now()));
    unlockSession();
    return { kind: 'unlocked' };
  }
  const tries = (((await db.meta.get(triesKey(person.uid)))?.value as number | undefined) ?? 0) + 1;
  if (tries >= MAX_TRIES) {
    await db.meta.delete(triesKey(person.uid));
    await signOutKeepingData();
    return { kind: 'signed-out' };
  }
  await db.meta.put({ key: triesKey(person.uid), value: tries });
  return { kind: 'wrong', triesLeft: MAX_TRIES - tries };
}

/** "Not you?": the person at the tablet is someone else; the locked person's queue waits for them. */
export function notMe(): Promise<void> {
  return signOutKeepingData();
}

export function lockNow(): void {
  lockSession();
}

function lastInput(): number {
  return Number(localStorage.getItem(ACTIVITY_KEY)) || 0;
}

/**
 * Watches for input on this tab and locks every tab after `idleMs` without any on the device
 * (each tab writes its last input down now and then; each compares the latest with the clock).
 * Returns a stop. `idleMs` 0: never.
 */
export function startIdleLock(idleMs: number): () => void {
  if (idleMs <= 0) return () => undefined;
  let written = 0;
  const onInput = () => {
    const now = Date.now();
    if (now - written < ACTIVITY_WRITE_MS) return;
    written = now;
    localStorage.setItem(ACTIVITY_KEY, String(now));
  };
  onInput();
  const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
  events.forEach((name) => window.addEventListener(name, onInput, { passive: true, capture: true }));
  const timer = setInterval(() => {
    if (!admittedPerson() || sessionState.get().status === 'locked') return;
    if (Date.now() - Math.max(written, lastInput()) >= idleMs) lockSession();
  }, Math.min(CHECK_MS, idleMs));
  return () => {
    clearInterval(timer);
    events.forEach((name) => window.removeEventListener(name, onInput, { capture: true }));
  };
}
