// What the sign-in screen says after the app ended a session itself (the account lost its
// access and the device was wiped). Session storage: it survives the reload, holds no patient
// data, and is read once.
import type { DenyReason } from '../offline/session-state';
import type { signInMessages } from './sign-in.messages';

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

type SignInTexts = ReturnType<typeof signInMessages.get>;

export function accessNoticeWords(t: SignInTexts, notice: AccessNotice): string {
  const own = notice.discarded === 0 ? '' : ` ${t.ownRemoved(notice.discarded)}`;
  const others = notice.others ? ` ${t.othersRemoved(notice.others)}` : '';
  return `${t.accessRemoved}${own}${others}`;
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

/** Why the last session ended, in `t`'s words. */
export function sessionEndedWords(t: SignInTexts, why: SessionEndedWhy): string {
  return why === 'offline-unverified' ? t.offlineUnverified : t.sessionEnded;
}
