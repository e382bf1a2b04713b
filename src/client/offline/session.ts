// What the offline core needs from sign-in: a token source injected by the app (the page's
// Firebase Auth, or the service worker's own), and a gate that closes on 401/403 so neither the
// outbox nor the sync engine hammers the server until someone signs in again.
import type { EntryOwner } from './outbox-entry';
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

/** The person admitted in this page: the owner of the changes queued here. */
let person: EntryOwner | null = null;

export function setSignedInPerson(owner: EntryOwner | null): void {
  person = owner;
}

export function signedInPerson(): EntryOwner | null {
  return person;
}

export type AuthGate = 'open' | 'signed-out' | 'refused';

/** 'refused': the server answered 401/403 with a fresh token. Cleared by a sign-in (resume). */
export const authGate = observable<AuthGate>('open');

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
