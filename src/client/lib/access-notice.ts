// What the sign-in screen says after the app ended a session itself (the account lost its
// access and the device was wiped). Session storage: it survives the reload, holds no patient
// data, and is read once.
import type { DenyReason } from '../offline/session-state';

const KEY = 'accessNotice';

export interface AccessNotice {
  /** Unsent changes of this account removed with the patient data. */
  discarded: number;
  /** Unsent changes of other people removed with it. */
  others?: number;
  /** Found out at sign-in: the screen says the spec's 'Access denied: Admins only.' too. */
  atSignIn?: boolean;
}

export function leaveAccessNotice(notice: AccessNotice): void {
  sessionStorage.setItem(KEY, JSON.stringify(notice));
}

/** The notice left for this screen, if any (`forgetAccessNotice` once it is shown). */
export function readAccessNotice(): AccessNotice | null {
  const text = sessionStorage.getItem(KEY);
  try {
    const value = text ? (JSON.parse(text) as AccessNotice) : null;
    return value && typeof value.discarded === 'number' ? value : null;
  } catch {
    return null;
  }
}

export function forgetAccessNotice(): void {
  sessionStorage.removeItem(KEY);
}

const changes = (count: number) => (count === 1 ? '1 unsent change' : `${count} unsent changes`);

export function accessNoticeWords(notice: AccessNotice): string {
  const own = notice.discarded === 0 ? '' : ` ${changes(notice.discarded)} of this account ${notice.discarded === 1 ? 'was' : 'were'} removed with it.`;
  const others = notice.others ? ` ${changes(notice.others)} of other staff ${notice.others === 1 ? 'was' : 'were'} removed too.` : '';
  return `This account no longer has access to the pharmacy back office, so the patient data on this device was removed.${own}${others}`;
}

const ENDED_KEY = 'sessionEnded';

/**
 * Why a session ended by itself (the session's own reasons): 'session-ended' (too old, signed out
 * elsewhere), or 'offline-unverified' (offline past the offline trust: no patient data until an
 * online sign-in).
 */
export type SessionEndedWhy = Extract<DenyReason, 'session-ended' | 'offline-unverified'>;

export function isSessionEndedWhy(reason: DenyReason): reason is SessionEndedWhy {
  return reason === 'session-ended' || reason === 'offline-unverified';
}

/** The sign-in screen says why once. */
export function leaveSessionEndedNotice(why: SessionEndedWhy): void {
  sessionStorage.setItem(ENDED_KEY, why);
}

/** The session-ended notice waiting, if any, taking it (it is said once). */
export function takeSessionEndedNotice(): SessionEndedWhy | null {
  const why = sessionStorage.getItem(ENDED_KEY);
  sessionStorage.removeItem(ENDED_KEY);
  if (why === null) return null;
  return why === 'offline-unverified' ? why : 'session-ended';
}

export const SESSION_ENDED_WORDS: Record<SessionEndedWhy, string> = {
  'session-ended': 'Your session has ended. Sign in again to go on: changes not yet sent stay on this device.',
  'offline-unverified':
    'This device has been offline too long to keep showing patient data. Connect it and sign in again: changes not yet sent stay on this device.',
};
