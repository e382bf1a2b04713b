import { useSyncExternalStore } from 'react';
import type { EntryOwner } from '../offline/outbox-entry';
import { admittedPerson, sessionState, type SessionState } from '../offline/session-state';

/** The session's state (offline/session.ts), live. */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionState.subscribe, sessionState.get);
}

/** The person admitted on this page (whose changes are queued here), or null. */
export function useAdmittedPerson(): EntryOwner | null {
  return admittedPerson(useSession());
}
