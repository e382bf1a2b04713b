// Logout on a shared counter tablet: nothing of the patients stays behind. Their data lives only
// in this IndexedDB database (the service worker caches no API answer but the runtime settings),
// so deleting it, plus every cache but the shell's precache, is the wipe.
import { db } from './db';
import { postOutboxMessage } from './outbox-channel';
import { abortOutboxWork } from './outbox';
import { bumpGeneration } from './session';
import { stopOffline } from './start';

/** Workbox's precache of the app shell: code and assets only, kept so the app still starts. */
const SHELL_PRECACHE_PREFIX = 'workbox-precache';
/** A tab that never closes its connection must not hold the logout forever. */
const DELETE_WAIT_MS = 5000;

export async function wipeDeviceData(): Promise<void> {
  // Work already under way (here, other tabs, the service worker) must not write into the
  // fresh database once this one is gone.
  bumpGeneration();
  stopOffline();
  abortOutboxWork();
  postOutboxMessage({ type: 'wiped' });
  const deleted = db.delete({ disableAutoOpen: false });
  await Promise.race([deleted, new Promise((resolve) => setTimeout(resolve, DELETE_WAIT_MS))]);
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => !name.startsWith(SHELL_PRECACHE_PREFIX)).map((name) => caches.delete(name)),
    );
  }
}
