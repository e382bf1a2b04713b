// The service worker: serves the app shell offline, keeps the runtime settings for an offline
// start, and drains the outbox on Background Sync. It caches no other API answer: patient data
// lives only in IndexedDB, which a logout deletes.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_ALIAS_BASE, API_BASE } from '../shared/constants';
import { SERVER_PATH_PREFIXES } from '../shared/server-paths';
import { OUTBOX_SYNC_TAG } from './offline/background-sync';
import { db } from './offline/db';
import { readRememberedRuntimeConfig } from './offline/device-config';
import { applyKeyRetention } from './offline/key-retention';
import { onOutboxMessage, postOutboxMessage } from './offline/outbox-channel';
import { letGoOfDeviceData } from './offline/let-go';
import { drainOutbox } from './offline/outbox';
import { authGate, setTokenSource } from './offline/session';
import { OUTBOX_LOCK } from './offline/web-lock';
import { workerTokenSource } from './offline/worker-auth';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL('index.html');
/** The prefixes are plain paths, where only a dot means something else in a RegExp. */
const pathPrefixPattern = (prefix: string) => new RegExp(`^${prefix.replaceAll('.', '\\.')}(/|$)`);
/** When this worker last handed a load over to a waiting version (never twice in a row). */
let handedOverAt = 0;

/** A context is sending queued changes: no version change under it (it waits for a later load). */
async function outboxBusy(): Promise<boolean> {
  const held = (await navigator.locks?.query())?.held ?? [];
  return held.some((lock) => lock.name === OUTBOX_LOCK);
}

// Every in-app path is the single-page app; the server's own paths and the identity provider's
// (proxied on this origin) are not.
registerRoute(
  new NavigationRoute(
    async (options) => {
      // A new version waits and this is the only tab: let it take over on this (re)load, so
      // "reload to update" works without ever running two versions side by side.
      const waiting = self.registration.waiting;
      const recently = Date.now() - handedOverAt < 10_000;
      const onlyTab = (await self.clients.matchAll({ type: 'window' })).length <= 1;
      if (waiting && !recently && onlyTab && !(await outboxBusy())) {
        handedOverAt = Date.now();
        waiting.postMessage({ type: 'SKIP_WAITING' });
        return new Response('', { headers: { Refresh: '0', 'Cache-Control': 'no-store' } });
      }
      return shell(options);
    },
    {
      denylist: [...SERVER_PATH_PREFIXES.map(pathPrefixPattern), /^\/__\//],
    },
  ),
);

// The runtime settings (no patient data): network first, the last copy when offline.
const configPaths = new Set([`${API_BASE}/config`, `${API_ALIAS_BASE}/config`]);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && configPaths.has(url.pathname),
  new NetworkFirst({ cacheName: 'runtime-config', networkTimeoutSeconds: 4 }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

setTokenSource(workerTokenSource);
onOutboxMessage((message) => {
  if (message.type !== 'wiped') return;
  letGoOfDeviceData();
  // A page is deleting the database: let go of it (the next sync event opens a fresh one).
  db.close({ disableAutoOpen: false });
});


async function drainFromWorker(event: SyncEvent): Promise<void> {
  // Each sync event is a fresh chance: the session may have been renewed since the last one.
  authGate.set('open');
  applyKeyRetention(await readRememberedRuntimeConfig().catch(() => null));
  const summary = await drainOutbox({ ignoreBackoff: true, unlessBusy: true });
  // A page is sending the queue: it is asked again later (the browser's backoff), should anything be left then.
  if (summary.busy) {
    if (event.lastChance) return;
    throw new Error('A page is sending the changes');
  }
  // Every open page hears it once, on the outbox channel: it syncs what changed and drains the rest.
  postOutboxMessage({ type: 'drained', collections: summary.collections });
  // Rejecting asks the browser to fire the event again later (with its own backoff).
  if (summary.waiting > 0 && authGate.get() === 'open' && !event.lastChance) {
    throw new Error(`${summary.waiting} changes still wait for the server`);
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drainFromWorker(sync));
});
