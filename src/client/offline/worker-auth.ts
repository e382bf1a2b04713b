// The service worker's own Firebase Auth, so Background Sync can drain the outbox with a fresh
// ID token after every tab is closed. It reads the session the page persisted in IndexedDB
// (the page's Auth uses indexedDBLocalPersistence first) and the settings the page remembered.
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import type { RuntimeConfig } from '../../shared/entities';
import { readRememberedRuntimeConfig } from './device-config';
import { apiRequest } from './http';
import type { TokenSource } from './session';

let auth: Promise<Auth | null> | null = null;

async function loadConfig(): Promise<RuntimeConfig | null> {
  const remembered = await readRememberedRuntimeConfig().catch(() => null);
  if (remembered) return remembered;
  return apiRequest<RuntimeConfig>('/config', { timeoutMs: 10_000 }).catch(() => null);
}

function workerAuth(): Promise<Auth | null> {
  auth ??= (async () => {
    const config = await loadConfig();
    if (!config) return null;
    const instance = initializeAuth(initializeApp(config.firebase), { persistence: indexedDBLocalPersistence });
    if (config.authEmulator) connectAuthEmulator(instance, self.location.origin, { disableWarnings: true });
    return instance;
  })().catch((error: unknown) => {
    auth = null;
    throw error;
  });
  return auth;
}

export const workerTokenSource: TokenSource = async (forceRefresh) => {
  const instance = await workerAuth();
  if (!instance) return null;
  await instance.authStateReady();
  const user = instance.currentUser;
  return user ? { uid: user.uid, token: await user.getIdToken(forceRefresh) } : null;
};
