// What the sign-in screen says after the app ended a session itself (the account lost its
// access and the device was wiped). Session storage: it survives the reload, holds no patient
// data, and is read once.
const KEY = 'accessNotice';

export interface AccessNotice {
  /** Unsent changes removed with the patient data. */
  discarded: number;
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

export function accessNoticeWords(notice: AccessNotice): string {
  const removed =
    notice.discarded === 0
      ? ''
      : ` ${notice.discarded === 1 ? '1 unsent change was' : `${notice.discarded} unsent changes were`} removed with it.`;
  return `This account no longer has access to the pharmacy back office, so the patient data on this device was removed.${removed}`;
}
