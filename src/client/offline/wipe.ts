// Logout on a shared counter tablet, or an account the server no longer admits: nothing of the
// patients stays behind. Their data lives only in this IndexedDB database (the service worker
// caches no API answer but the runtime settings), so deleting it, plus every cache but the
// shell's precache, is the wipe. It is finished only when the browser says the database is gone.
import { db, DB_NAME } from './db';
import { postOutboxMessage } from './outbox-channel';
import { isUnsentChange } from './outbox-entry';
import { letGoOfDeviceData } from './let-go';
import { ProblemError } from './problem';
import { stopOffline } from './start';

/** Workbox's precache of the app shell: code and assets only, kept so the app still starts. */
const SHELL_PRECACHE_PREFIX = 'workbox-precache';
/** How long other tabs and the service worker get to close their connections. */
const WIPE_DEADLINE_MS = 15_000;
/** While blocked, the other contexts are asked again this often. */
const ASK_AGAIN_MS = 1000;

export class WipeIncompleteError extends ProblemError {
  constructor() {
    super({ code: 'wipeBlocked' });
    this.name = 'WipeIncompleteError';
  }
}

export interface WipeResult {
  /** Unsent changes of `owner` (every unsent change when none is named) removed with the data. */
  discarded: number;
  /** Unsent changes of other people removed with it. */
  others: number;
}

/** Deletes the database, asking the other contexts again while they block it; never gives up silently. */
function deleteDatabase(deadlineMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    let asking: ReturnType<typeof setInterval> | null = null;
    const deadline = setTimeout(() => finish(new WipeIncompleteError()), deadlineMs);
    function finish(error?: Error) {
      clearTimeout(deadline);
      if (asking) clearInterval(asking);
      request.onsuccess = request.onerror = request.onblocked = null;
      if (error) reject(error);
      else resolve();
    }
    request.onsuccess = () => finish();
    request.onerror = () => finish(request.error ?? new WipeIncompleteError());
    request.onblocked = () => {
      // A context that missed the first word (busy, just opened) is asked again until it closes.
      asking ??= setInterval(() => postOutboxMessage({ type: 'wiped' }), ASK_AGAIN_MS);
    };
  });
}

export async function wipeDeviceData({ deadlineMs = WIPE_DEADLINE_MS, owner }: { deadlineMs?: number; owner?: string } = {}): Promise<WipeResult> {
  // Work already under way (here, other tabs, the service worker) must not write into a fresh
  // database once this one is gone.
  letGoOfDeviceData();
  stopOffline();
  const unsent = await db.outbox.filter(isUnsentChange).toArray().catch(() => []);
  const discarded = owner ? unsent.filter((entry) => entry.owner?.uid === owner).length : unsent.length;
  postOutboxMessage({ type: 'wiped' });
  // This context's own connection, kept closed: nothing here may open (and so recreate) it again.
  db.close({ disableAutoOpen: true });
  await deleteDatabase(deadlineMs);
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => !name.startsWith(SHELL_PRECACHE_PREFIX)).map((name) => caches.delete(name)),
    );
  }
  return { discarded, others: unsent.length - discarded };
}
