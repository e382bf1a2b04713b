// The page's side of the sync worker (sync-worker.ts): starts it at the first sync, matches its
// answers to the requests, and lets go of it with the device's data. Where there is no Worker
// (unit tests in Node), or it failed in this page, the same page loop runs in place.
import { onLetGo } from './let-go';
import { StaleGenerationError } from './session';
import { syncPages, type FirstCommit, type PagesRequest, type PagesResult } from './sync-pages';
import type { CollectionName } from '../../shared/collections';
import { applyWrittenPage, onListHeld, takeWrittenRowsFrom, type WrittenPage } from './view-store';

/** A list's page loop to run; or: this page holds the list now (its pages' rows are wanted from here on). */
export type WorkerAsk = { id: number; request: PagesRequest } | { hold: CollectionName };

export type WorkerAnswer = { id: number; first: FirstCommit } | { id: number; result: PagesResult } | { written: WrittenPage };

interface Asked {
  request: PagesRequest;
  generation: number;
  resolve: (result: PagesResult) => void;
  reject: (error: Error) => void;
  onFirstCommit: (first: FirstCommit) => void;
}

let worker: Worker | null = null;
/** A worker failed here: this page's syncs run in place from then on. */
let inPlace = false;
let lastId = 0;
const asked = new Map<number, Asked>();

function rejectAll(error: () => Error): void {
  asked.forEach(({ reject }) => reject(error()));
  asked.clear();
}

function startWorker(): Worker {
  // Its name marks its messages on the change channel: its rows come here directly.
  const name = `sync ${Date.now().toString(36)} ${Math.random().toString(36).slice(2)}`;
  takeWrittenRowsFrom(name);
  const started = new Worker(new URL('../sync-worker.ts', import.meta.url), { type: 'module', name });
  started.onmessage = (event: MessageEvent<WorkerAnswer>) => {
    // A worker let go of (a wipe) says nothing more.
    if (worker !== started) return;
    const answer = event.data;
    if ('written' in answer) return applyWrittenPage(answer.written);
    const ask = asked.get(answer.id);
    if (!ask) return;
    if ('first' in answer) return ask.onFirstCommit(answer.first);
    asked.delete(answer.id);
    ask.resolve(answer.result);
  };
  // The script did not load (a deploy replaced it, the network went) or failed: what it was
  // asked runs in place, and so does every later sync of this page, rather than asking for the
  // script again at each one. (Pages it committed are fetched and written again: the same rows.)
  started.onerror = () => {
    if (worker !== started) return;
    inPlace = true;
    const waiting = [...asked.values()];
    asked.clear();
    started.terminate();
    worker = null;
    for (const ask of waiting) {
      syncPages({ ...ask.request, generation: ask.generation }, ask.onFirstCommit).then(ask.resolve, ask.reject);
    }
  };
  return started;
}

function stopWorker(error: () => Error): void {
  worker?.terminate();
  worker = null;
  rejectAll(error);
}

/**
 * Runs a list's page loop in the sync worker, or in place where there is none. The page's
 * `generation` guards the writes in place; a worker is terminated by a wipe instead.
 */
export function pullPagesOffThread(
  request: PagesRequest,
  generation: number,
  onFirstCommit: (first: FirstCommit) => void,
): Promise<PagesResult> {
  if (typeof Worker === 'undefined' || inPlace) return syncPages({ ...request, generation }, onFirstCommit);
  worker ??= startWorker();
  const id = ++lastId;
  const answered = new Promise<PagesResult>((resolve, reject) => asked.set(id, { request, generation, resolve, reject, onFirstCommit }));
  worker.postMessage({ id, request } satisfies WorkerAsk);
  return answered;
}

// A list this page begins to hold while the worker syncs it: the pages committed from then on
// come with their rows, rather than each read back from IndexedDB (and unpacked) here.
onListHeld((name) => worker?.postMessage({ hold: name } satisfies WorkerAsk));

// A wipe: a terminated worker's open transactions abort, so nothing of a sync under way is
// written into the fresh database; what the page waited for is stale.
onLetGo(() => stopWorker(() => new StaleGenerationError()));
