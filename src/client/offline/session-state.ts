// Who is admitted on this page (issue 17), in a module of its own: the router's guard reads it
// before the rest of the offline core is loaded (the sign-in screen's first paint stays small).
import type { EntryOwner } from './outbox-entry';
import { observable } from './observable';

/**
 * - restoring: the page has just started and knows nobody yet (no patient data is shown).
 * - remembered: admitted on this device's word: the server verified this person as an admin here
 *   before, and has not been asked (or could not be reached) in this page load. The cache shows.
 * - verified: the server confirmed the admin role in this page load.
 * - locked: admitted, but the screen is locked (the queue and the streams go on).
 * - denied: nobody is admitted (signed out, the session ended, not an admin): the sign-in screen.
 * - revoked: the account lost its access: the device's patient data is being wiped.
 */
export type SessionState =
  | { status: 'restoring' }
  | { status: 'remembered' | 'verified' | 'locked'; person: EntryOwner }
  | { status: 'denied'; reason: DenyReason }
  | { status: 'revoked'; person: EntryOwner };

export type SessionStatus = SessionState['status'];

/** Why nobody is admitted, for the words the sign-in screen may say. */
export type DenyReason = 'signed-out' | 'not-admin' | 'role-check-failed' | 'session-ended' | 'offline-unverified';

export const sessionState = observable<SessionState>({ status: 'restoring' });

/** The admitted person (the owner of what is queued here), or null. */
export function admittedPerson(state: SessionState = sessionState.get()): EntryOwner | null {
  return state.status === 'remembered' || state.status === 'verified' || state.status === 'locked' ? state.person : null;
}
