// The sync worker: a dedicated worker where the lists' pages are fetched, parsed and written
// (offline/sync-pages.ts), off the page's main thread. The page (offline/sync-worker-client.ts)
// asks for one run per list at a time, several lists at once; each commit reaches the page's lists
// through the database's change channel (view-store.ts), as a write of another tab does.
import { onOutboxMessage } from './offline/outbox-channel';
import { bumpGeneration } from './offline/session';
import { syncPages } from './offline/sync-pages';
import type { WorkerAnswer, WorkerAsk } from './offline/sync-worker-client';

declare const self: DedicatedWorkerGlobalScope;

function answer(message: WorkerAnswer): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<WorkerAsk>) => {
  const { id, request } = event.data;
  void syncPages(request, (first) => answer({ id, first })).then((result) => answer({ id, result }));
};

// The page terminates this worker when the data is let go. A wipe in another tab is heard here
// directly too: a page that arrives before this tab has heard of it is not written.
onOutboxMessage((message) => {
  if (message.type === 'wiped') bumpGeneration();
});
