// Asks the browser not to evict this origin's storage under pressure: the outbox holds work
// that exists nowhere else until it is sent. Granted silently for installed PWAs in Chromium.
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
