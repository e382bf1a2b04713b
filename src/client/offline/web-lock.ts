// Web Locks coordinate tabs and the service worker of one origin. Where they are missing (old
// browsers, Node in tests) a per-context queue keeps at least this context's work serial.
const localQueues = new Map<string, Promise<unknown>>();

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/** Runs `task` holding the named lock, waiting for it if another context holds it. */
export function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (locks) return locks.request(name, task);
  const previous = localQueues.get(name) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  localQueues.set(name, run);
  return run;
}
