// The sync worker: a dedicated worker where the lists' pages are fetched, parsed and written
// (offline/sync-pages.ts), off the page's main thread. The page (offline/sync-worker-client.ts)
// asks for one run per list at a time, several lists at once; each page committed goes to the
// page in a message of its own, as the server's text (view-store.ts), and to other tabs on the
// database's change channel, as a write of another tab does.
import type { CollectionName } from '../shared/collections';
import { onOutboxMessage } from './offline/outbox-channel';
import { bumpGeneration } from './offline/session';
import { syncPages } from './offline/sync-pages';
import type { WorkerAnswer, WorkerAsk } from './offline/sync-worker-client';
import { markWrittenBy, type WrittenPage } from './offline/view-store';

declare const self: DedicatedWorkerGlobalScope;

function answer(message: WorkerAnswer): void {
  self.postMessage(message);
}

/** The lists being synced (one run per list at a time), and those whose rows the page holds. */
const running = new Set<CollectionName>();
const toPage = new Set<CollectionName>();
markWrittenBy(self.name, (list) => toPage.has(list));

self.onmessage = (event: MessageEvent<WorkerAsk>) => {
  const ask = event.data;
  if ('hold' in ask) {
    if (running.has(ask.hold)) toPage.add(ask.hold);
    return;
  }
  const { id, request } = ask;
  running.add(request.name);
  if (request.rowsToPage) toPage.add(request.name);
  // Each page committed goes to the page ahead of the answer that says the sync is done, once
  // the page holds the list. Pages are stored as the server sent them, gzipped: the rows go to
  // the page as text.
  const onWritten = (written: WrittenPage) => answer({ written });
  void syncPages({ ...request, packed: true }, (first) => answer({ id, first }), onWritten, () => toPage.has(request.name)).then((result) => {
    running.delete(request.name);
    toPage.delete(request.name);
    answer({ id, result });
  });
};

// The page terminates this worker when the data is let go. A wipe in another tab is heard here
// directly too: a page that arrives before this tab has heard of it is not written.
onOutboxMessage((message) => {
  if (message.type === 'wiped') bumpGeneration();
});
