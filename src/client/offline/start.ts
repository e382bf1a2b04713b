// The page's entry to the offline core, called once someone is admitted (session.ts; calling
// again only refreshes the token source and settings).
import type { RuntimeConfig } from '../../shared/entities';
import { rememberRuntimeConfig } from './device-config';
import { applyKeyRetention } from './key-retention';
import { startChangeStream } from './change-stream';
import { startOutbox } from './outbox-triggers';
import { startPresence } from './presence';
import { setTokenSource, type TokenSource } from './session';
import { requestPersistentStorage } from './storage';
import { startSyncEngine } from './sync-engine';

export interface OfflineOptions {
  /** Firebase ID token (forceRefresh skips the SDK's cache), or null when signed out. */
  getToken: TokenSource;
  /** Kept for the service worker, which signs in to Firebase by itself. */
  runtimeConfig?: RuntimeConfig | null;
}

let stop: (() => void) | null = null;

export function startOffline(options: OfflineOptions): void {
  setTokenSource(options.getToken);
  if (options.runtimeConfig) {
    applyKeyRetention(options.runtimeConfig);
    rememberRuntimeConfig(options.runtimeConfig).catch(() => undefined);
  }
  if (stop) return;
  const stopOutbox = startOutbox();
  const stopSync = startSyncEngine();
  const stopStream = startChangeStream();
  startPresence();
  void requestPersistentStorage();
  stop = () => {
    stopOutbox();
    stopSync();
    stopStream();
    stop = null;
  };
}

/** Removes the triggers (a wipe, tests). */
export function stopOffline(): void {
  stop?.();
}
