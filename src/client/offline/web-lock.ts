// Web Locks coordinate tabs and the service worker of one origin. Where they are missing (old
// browsers, Node in tests) a per-context queue keeps at least this context's work serial.
const localQueues = new Map<string, Promise<unknown>>();

/** Held by whichever context (a tab or the service worker) is sending the outbox. */
export const OUTBOX_LOCK = 'pharmacy-outbox';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/**
 * Runs `task` holding the named lock, waiting for it if another context holds it. `signal` gives
 * up the wait (the promise then rejects with an AbortError); a task already running is not told.
 */
export function withLock<T>(name: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const locks = lockManager();
  if (locks) return signal ? locks.request(name, { signal }, task) : locks.request(name, task);
  const previous = localQueues.get(name) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  localQueues.set(name, run);
  return run;
}

/**
 * Runs `task` holding the named lock if no other context holds it or waits for it; null at once
 * otherwise. (Without Web Locks there is no other context: it waits its turn as withLock does.)
 */
export function withLockIfFree<T>(name: string, task: () => Promise<T>): Promise<T | null> {
  const locks = lockManager();
  if (!locks) return withLock(name, task);
  return locks.request<T | null>(name, { ifAvailable: true }, (lock) => (lock ? task() : Promise.resolve(null)));
}
