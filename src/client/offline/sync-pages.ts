// The page loop of a list's sync: asks for the delta pages, parses them and writes each with its
// cursor. It runs in the sync worker (sync-worker.ts), off the page's main thread, where parsing
// a 5,000-row page and writing it made long tasks; where there is no Worker (unit tests in Node)
// it runs in place. Either way it answers a plain result that crosses postMessage: the token
// comes with the request, and a refused token stops the loop for the page to renew it.
import { COLLECTIONS, type CollectionName, type DeltaPage } from '../../shared/collections';
import { SYNC_PAGE_LIMIT } from '../../shared/constants';
import type { ErrorBody } from '../../shared/entities';
import { db } from './db';
import { cursorKey, sweepFrom, UnreadablePageError, writeDeltaPage } from './delta-page';
import { apiAnswer, HttpError, NetworkError } from './http';
import { rowPieces } from './page-pieces';
import { currentGeneration, StaleGenerationError } from './session';
import { timeNow } from './timing';
import type { WrittenPage } from './view-store';

const REQUEST_TIMEOUT_MS = 60_000;

export interface PagesRequest {
  name: CollectionName;
  /** The cursor to start from ('0': the whole list). */
  from: string;
  /** A sync from 0 over cached rows: on the last page, the rows the server did not list go. */
  scratch: boolean;
  /** The signed-in person's ID token. */
  token: string;
  /**
   * The page holds the list in memory: the worker sends it each page committed (a list held by
   * no one is not copied for nothing; one the page comes to hold meanwhile reads them back).
   */
  rowsToPage: boolean;
  /**
   * Take the pages packed and store them so (packed.ts): the sync worker does; in place, the
   * page holds the rows it writes and lays them in as written.
   */
  packed?: boolean;
  /** The page's generation, run in place; in the worker, the worker's (a wipe terminates it). */
  generation?: number;
}

export interface PagesStats {
  pages: number;
  records: number;
  /** Time spent waiting for an answer, and writing pages (the two overlap otherwise). */
  waitMs: number;
  writeMs: number;
  /** The list was read whole, from cursor 0. */
  whole: boolean;
}

/** The first page's commit, told as soon as it is made (the page's `sync-first-page` measure). */
export interface FirstCommit {
  records: number;
  whole: boolean;
}

/** Why the loop stopped, as plain data: the page turns it back into the error (errorOf). */
export type PagesFailure =
  | { kind: 'http'; status: number; body: ErrorBody | null; retryAfterMs: number | null }
  | { kind: 'network'; message: string }
  | { kind: 'unreadable' }
  | { kind: 'stale' }
  | { kind: 'other'; name: string; message: string };

export type PagesResult =
  | { ok: true; stats: PagesStats }
  | {
      ok: false;
      failure: PagesFailure;
      stats: PagesStats;
      /** Where to go on once the token is renewed: pages committed stay committed. */
      resume: { from: string; scratch: boolean };
    };

function failureOf(error: unknown): PagesFailure {
  if (error instanceof HttpError) return { kind: 'http', status: error.status, body: error.body, retryAfterMs: error.retryAfterMs };
  if (error instanceof NetworkError) return { kind: 'network', message: error.message };
  if (error instanceof UnreadablePageError) return { kind: 'unreadable' };
  if (error instanceof StaleGenerationError) return { kind: 'stale' };
  if (error instanceof Error) return { kind: 'other', name: error.name, message: error.message };
  return { kind: 'other', name: 'Error', message: String(error) };
}

/** The error a failure stands for, as the page's sync engine knows it. */
export function errorOf(failure: PagesFailure): Error {
  switch (failure.kind) {
    case 'http':
      return new HttpError(failure.status, failure.body, failure.retryAfterMs);
    case 'network':
      return new NetworkError(new Error(failure.message));
    case 'unreadable':
      return new UnreadablePageError();
    case 'stale':
      return new StaleGenerationError();
    case 'other':
      return Object.assign(new Error(failure.message), { name: failure.name });
  }
}

/** A refused token: the page renews it (or closes the gate) and asks again. */
export function isRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && (error.status === 401 || error.status === 403);
}

function isDeltaPage(value: unknown): value is DeltaPage<object> {
  return Boolean(value && typeof value === 'object' && Array.isArray((value as DeltaPage<object>).items));
}

/** One page's answer, with the text it was read from (or a failure). */
type Fetched =
  | { ok: true; answer: DeltaPage<object> | object[]; text: string; packed?: Uint8Array }
  | { ok: false; error: unknown };

/** Asks for the page after `cursor` now; the promise never rejects (the outcome says). */
function askPage(path: string, cursor: string, token: string, packed: boolean): Promise<Fetched> {
  const url = `${path}?since=${encodeURIComponent(cursor)}&limit=${SYNC_PAGE_LIMIT}`;
  return apiAnswer<DeltaPage<object> | object[]>(url, { token, timeoutMs: REQUEST_TIMEOUT_MS, packed }).then(
    ({ value, text, packed: bytes }) => ({ ok: true as const, answer: value, text, packed: bytes }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/**
 * Pages are pipelined: the next page is asked for as soon as a page's answer names its cursor,
 * so the server and the network work while this page is written. Each page committed is told to
 * `onWritten` (the sync worker sends it to the page) before the next is written.
 */
export async function syncPages(
  request: PagesRequest,
  onFirstCommit: (first: FirstCommit) => void,
  onWritten?: (written: WrittenPage) => void,
  /** Whether `onWritten` is wanted for the page just committed (the page may come to hold the list). */
  rowsWanted: () => boolean = () => true,
): Promise<PagesResult> {
  const { name, token } = request;
  const packed = request.packed ?? false;
  const { path, key } = COLLECTIONS[name];
  const generation = request.generation ?? currentGeneration();
  let cursor = request.from;
  let cursorRetried = false;
  let fromScratch = request.scratch;
  const stats: PagesStats = { pages: 0, records: 0, waitMs: 0, writeMs: 0, whole: cursor === '0' };
  /** Pages committed since the loop last started from `request.from` or from 0. */
  let committed = 0;
  const seen = new Set<number>();
  /** A sync from 0: the list's last segment before its first page (what its last page sweeps). */
  let sweepUpTo = 0;
  try {
    let pending = askPage(path, cursor, token, packed);
    for (;;) {
      const waitStarted = timeNow();
      const fetched = await pending;
      stats.waitMs += timeNow() - waitStarted;
      if (!fetched.ok) {
        const { error } = fetched;
        if (error instanceof HttpError && error.status === 400 && cursor !== '0' && !cursorRetried) {
          // The server no longer knows this cursor (reset, pruned): start over from 0.
          cursorRetried = true;
          cursor = '0';
          fromScratch = true;
          stats.whole = true;
          committed = 0;
          await db.meta.delete(cursorKey(name));
          pending = askPage(path, cursor, token, packed);
          continue;
        }
        throw error;
      }
      const { answer } = fetched;
      // Neither a page nor a list (a body cut off, a packed page that did not unpack): nothing is written.
      if (!isDeltaPage(answer) && !Array.isArray(answer)) throw new UnreadablePageError();
      // A server without delta support answers the whole list: that is a sync from scratch.
      const page: DeltaPage<object> = isDeltaPage(answer) ? answer : { items: answer, deleted: [], cursor: '0', more: false };
      if (!isDeltaPage(answer)) fromScratch = true;
      const ahead = page.more ? askPage(path, page.cursor, token, packed) : null;
      if (fromScratch) {
        if (committed === 0) sweepUpTo = await sweepFrom(name);
        page.items.forEach((item) => seen.add((item as Record<string, unknown>)[key] as number));
      }
      const writeStarted = timeNow();
      const swept = await writeDeltaPage({
        collection: name,
        page,
        generation,
        sweep: fromScratch && !page.more ? { seen, upTo: sweepUpTo } : undefined,
        // A whole list (a server without delta pages) is not a page to store as sent.
        packed: isDeltaPage(answer) ? fetched.packed : undefined,
      });
      stats.writeMs += timeNow() - writeStarted;
      if (onWritten && rowsWanted()) onWritten({ collection: name, rows: rowPieces(fetched.text, page.items), deleted: [...(page.deleted as number[]), ...swept] });
      stats.pages += 1;
      committed += 1;
      stats.records += page.items.length + page.deleted.length;
      if (stats.pages === 1) onFirstCommit({ records: stats.records, whole: stats.whole });
      cursor = page.cursor;
      if (!ahead) break;
      pending = ahead;
    }
    return { ok: true, stats };
  } catch (error) {
    // A sync from scratch that committed pages goes on as a delta: the keys seen so far are not
    // carried over, so it sweeps nothing, and the list's next sync reads it whole again.
    return { ok: false, failure: failureOf(error), stats, resume: { from: cursor, scratch: fromScratch && committed === 0 } };
  }
}
