// What the offline core needs from sign-in (who is admitted is session-state.ts, moved only by
// lib/session-control.ts): a token source injected by the app (the page's
// Firebase Auth, or the service worker's own), and a gate that closes on 401/403 so neither the
// outbox nor the sync engine hammers the server until the session is checked again.
import { observable } from './observable';

/** A Firebase ID token and whose it is: a queued change goes only with its owner's token. */
export interface SessionToken {
  uid: string;
  token: string;
}

/** Resolves the signed-in person's ID token, or null when nobody is signed in. */
export type TokenSource = (forceRefresh: boolean) => Promise<SessionToken | null>;

let tokenSource: TokenSource = async () => null;

export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/** null: nobody is signed in. Throws when a token could not be had now (offline refresh). */
export function getToken(forceRefresh = false): Promise<SessionToken | null> {
  return tokenSource(forceRefresh);
}


export type AuthGate = 'open' | 'signed-out' | 'refused';

/** 'refused': the server answered 401/403 with a fresh token. Cleared by a sign-in (resume). */
export const authGate = observable<AuthGate>('open');

/**
 * Whether a refusal is the session's business (the gate closes and the session is checked again):
 * a 403, or a 401 that came although the token was fresh. A first 401 is tried again with one.
 */
export function refusalStands(status: number, withFreshToken: boolean): boolean {
  return status === 403 || (status === 401 && withFreshToken);
}

const resumeListeners = new Set<() => void>();

export function onResume(listener: () => void): () => void {
  resumeListeners.add(listener);
  return () => resumeListeners.delete(listener);
}

/** Called on every ID-token change: the queue and the sync may try again. */
export function resumeAfterSignIn(): void {
  authGate.set('open');
  resumeListeners.forEach((listener) => listener());
}

/**
 * Bumped by a wipe: work started before it must not write patient data into the fresh database.
 */
let generation = 0;

export function currentGeneration(): number {
  return generation;
}

export function bumpGeneration(): void {
  generation += 1;
}

export class StaleGenerationError extends Error {
  constructor() {
    super('The device data was wiped while this work ran.');
    this.name = 'StaleGenerationError';
  }
}

export function assertGeneration(expected: number): void {
  if (expected !== generation) throw new StaleGenerationError();
}
