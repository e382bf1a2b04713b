// Loaded on demand by ./auth so Firebase stays out of the first chunk the browser parses.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { RuntimeConfig } from '../../shared/entities';

export function createFirebaseAuth(config: RuntimeConfig): Auth {
  const app = initializeApp(config.firebase);
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  // The server proxies the emulator's REST paths on its own origin (DESIGN 2).
  if (config.authEmulator) connectAuthEmulator(auth, location.origin, { disableWarnings: true });
  return auth;
}

export {
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
};
