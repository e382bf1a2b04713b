// Background Sync (Chromium): the browser wakes the service worker to drain the outbox when the
// connection returns, even after the tab is closed. Elsewhere the page drains it.
export const OUTBOX_SYNC_TAG = 'pharmacy-outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Denied (no permission, private mode): the page's own triggers still drain the queue.
  }
}
