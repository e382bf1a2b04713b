// Registers the service worker (production builds only: main.tsx decides). A new version waits
// until this tab reloads into it: the update prompt offers that, and sw.ts hands over on a plain
// reload when this is the only tab. Neither happens while a queued change is being sent.
import { Workbox } from 'workbox-window';
import { observable } from '../offline/observable';
import { OUTBOX_LOCK, withLock } from '../offline/web-lock';

/** 'waiting': a new version is installed; 'reloading': Reload was asked and waits for the queue. */
export const appUpdate = observable<'none' | 'waiting' | 'reloading'>('none');

const UPDATE_CHECK_MS = 60 * 60 * 1000;
let workbox: Workbox | null = null;

export function registerServiceWorker(): void {
  if (workbox || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => appUpdate.set((state) => (state === 'none' ? 'waiting' : state)));
  void wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  // A counter tablet may keep the app open for days: look for a new version now and then.
  setInterval(() => {
    if (navigator.onLine) void wb.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/**
 * Activates the waiting version and reloads this tab into it, but only holding the outbox lock:
 * no context (tab or service worker) is sending a change meanwhile, and none starts until this
 * page has gone. Queued changes stay in IndexedDB and go out from the new version.
 */
export function applyUpdate(): void {
  if (!workbox || appUpdate.get() === 'reloading') return;
  appUpdate.set('reloading');
  void withLock(
    OUTBOX_LOCK,
    () =>
      new Promise<never>(() => {
        // The browser's own word that the new version controls this page, and the waiting
        // worker as the registration has it now (not as it was when this page registered).
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
        void navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.postMessage({ type: 'SKIP_WAITING' }));
        // Never hold the queue for long: if the new version does not take over, reload anyway.
        setTimeout(() => window.location.reload(), 10_000);
      }),
  );
}
