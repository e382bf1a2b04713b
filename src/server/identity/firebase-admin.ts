// firebase-admin for the configured identity service: a real Firebase project (application
// default credentials) or the Auth emulator, which firebase-admin recognises by the
// FIREBASE_AUTH_EMULATOR_HOST variable and then accepts its unsigned tokens.
import { randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { IdentityConfig } from '../config';

export interface IdentityAdmin {
  auth: Auth;
  close(): Promise<void>;
}

export function createIdentityAdmin(identity: IdentityConfig): IdentityAdmin {
  if (identity.mode === 'emulator') {
    if (!identity.host) throw new Error('The Firebase Auth emulator has no host yet');
    // firebase-admin reads this process-wide, on every call.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = identity.host;
  } else {
    // A real project is configured: an emulator left in the environment must not be used.
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  }
  // Named apps, so several servers (tests) can live in one process.
  const app = initializeApp(
    identity.mode === 'emulator'
      ? { projectId: identity.projectId }
      : { projectId: identity.projectId, credential: applicationDefault() },
    `pharmacy-${randomUUID()}`,
  );
  return { auth: getAuth(app), close: () => deleteApp(app) };
}

/** Base URL of the emulator's REST API, e.g. http://127.0.0.1:9099. */
export function emulatorOrigin(host: string): string {
  return `http://${host}`;
}
