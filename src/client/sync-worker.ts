// The sync worker: a dedicated worker where the lists' pages are fetched, parsed and written
// (offline/sync-pages.ts), off the page's main thread. The page (offline/sync-worker-client.ts)
// asks for one run per list at a time, several lists at once; the rows each commit wrote go to the
// page in a message of their own (view-store.ts), and to other tabs on the database's change
// channel, as a write of another tab does.
import type { CollectionName } from '../shared/collections';
import { onOutboxMessage } from './offline/outbox-channel';
import { bumpGeneration } from './offline/session';
import { syncPages } from './offline/sync-pages';
import type { WorkerAnswer, WorkerAsk } from './offline/sync-worker-client';
import { sendWrittenRows } from './offline/view-store';

declare const self: DedicatedWorkerGlobalScope;

function answer(message: WorkerAnswer): void {
  self.postMessage(message);
}

/** The lists whose rows the page holds (one run per list at a time). */
const toPage = new Set<CollectionName>();
// What each commit wrote to those goes to the page as rows, ahead of the answer that says the sync is done.
sendWrittenRows(
  self.name,
  (list) => toPage.has(list),
  (written) => answer({ written }),
);

self.onmessage = (event: MessageEvent<WorkerAsk>) => {
  const { id, request } = event.data;
  if (request.rowsToPage) toPage.add(request.name);
  // The answer waits a task: the last commit's rows are sent from its 'complete' event, whose
  // later listeners run after the promise callbacks of an earlier one.
  void syncPages(request, (first) => answer({ id, first })).then((result) =>
    setTimeout(() => {
      toPage.delete(request.name);
      answer({ id, result });
    }),
  );
};

// The page terminates this worker when the data is let go. A wipe in another tab is heard here
// directly too: a page that arrives before this tab has heard of it is not written.
onOutboxMessage((message) => {
  if (message.type === 'wiped') bumpGeneration();
});
