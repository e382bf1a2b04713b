// Registers the service worker (production builds only: main.tsx decides). Updates apply
// without a prompt: the worker swaps versions on the next full load of the app when this is the
// only tab (see sw.ts). `applyUpdate` lets the shell offer "Reload to update" if it wants to.
import { Workbox } from 'workbox-window';
import { observable } from '../offline/observable';

/** A new version is installed and waits for the app to reload. */
export const updateWaiting = observable(false);

const UPDATE_CHECK_MS = 60 * 60 * 1000;
let workbox: Workbox | null = null;

export function registerServiceWorker(): void {
  if (workbox || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => updateWaiting.set(true));
  void wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  // A counter tablet may keep the app open for days: look for a new version now and then.
  setInterval(() => {
    if (navigator.onLine) void wb.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/** Activates the waiting version now and reloads this tab into it. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
