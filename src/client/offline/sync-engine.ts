// Keeps the cached lists fresh: per collection, asks for what changed since its cursor and writes
// it through the rebase (so queued changes stay on top). Runs on start, focus, reconnect, every
// minute while the app is visible, and after the outbox has sent something.
import { COLLECTION_NAMES, type CollectionName } from '../../shared/collections';
import { reportAnswer, reportNoAnswer, isBrowserOffline } from './connectivity';
import { db } from './db';
import { cursorKey, lastSyncKey, listHasRows, UnreadablePageError } from './delta-page';
import { HttpError, NetworkError } from './http';
import { observable } from './observable';
import { onOutboxMessage } from './outbox-channel';
import { onOutboxDrained } from './outbox';
import { problemEnglish, problemOf, type Problem } from './problem';
import { assertGeneration, authGate, currentGeneration, getToken, onResume, refusalStands, StaleGenerationError, type SessionToken } from './session';
import { errorOf, isRefusal, type FirstCommit, type PagesStats } from './sync-pages';
import { pullPagesOffThread } from './sync-worker-client';
import { holdsList, remoteChangesApplied } from './view-store';
import { measureSince, timeNow } from './timing';
import { withLock } from './web-lock';
import { wholeSyncTurn } from './whole-sync-turn';

const SYNC_INTERVAL_MS = 60_000;
/**
 * Once a day each list is read whole and compared. A delta cursor cannot see a change whose
 * number was drawn before, but committed after, a newer one; nor a tombstone the server pruned.
 */
const FULL_RESYNC_MS = 24 * 60 * 60 * 1000;

export interface CollectionSyncStatus {
  syncing: boolean;
  /** Local time of the last complete sync (kept across reloads), null if never. */
  lastSyncedAt: number | null;
  /** Words for people about the last sync that failed; null after a success. */
  error: string | null;
  /** When the app made `error` rather than the server: its code, said in the interface's language. */
  problem: Problem | null;
}

export type SyncStatusMap = Record<CollectionName, CollectionSyncStatus>;

const idle: CollectionSyncStatus = { syncing: false, lastSyncedAt: null, error: null, problem: null };

export const syncStatus = observable<SyncStatusMap>(
  Object.fromEntries(COLLECTION_NAMES.map((name) => [name, idle])) as SyncStatusMap,
);

/**
 * A list's status changed; one that stays as it was is not published again (an offline tap ends
 * a sync that never started: every screen showing the status would render for nothing).
 */
function setStatus(name: CollectionName, change: Partial<CollectionSyncStatus>): void {
  syncStatus.set((all) => {
    const before = all[name];
    const same = (Object.keys(change) as (keyof CollectionSyncStatus)[]).every((key) => Object.is(before[key], change[key]));
    return same ? all : { ...all, [name]: { ...before, ...change } };
  });
}

/** The token was refused (the server's words), or nobody is signed in (the app's: `problem`). */
class AuthRefused extends Error {
  constructor(
    message: string,
    readonly problem: Problem | null = null,
  ) {
    super(message);
  }
}

const SIGN_IN_TO_REFRESH = { code: 'signInToRefresh' } as const;
const OFFLINE = { code: 'offline' } as const;
const UNREACHABLE = { code: 'unreachable' } as const;

function errorWords(error: unknown): Pick<CollectionSyncStatus, 'error' | 'problem'> {
  const problem = error instanceof NetworkError ? UNREACHABLE : error instanceof AuthRefused ? error.problem : problemOf(error);
  if (problem) return { error: problemEnglish(problem), problem };
  return { error: error instanceof Error ? error.message : String(error), problem: null };
}

/** The signed-in person's token for a sync; nobody signed in closes the gate. */
async function sessionToken(forceRefresh: boolean): Promise<SessionToken> {
  let session: SessionToken | null;
  try {
    session = await getToken(forceRefresh);
  } catch (error) {
    // Firebase could not renew the token: the identity service is out of reach.
    throw new NetworkError(error);
  }
  if (!session) {
    authGate.set('signed-out');
    throw new AuthRefused(problemEnglish(SIGN_IN_TO_REFRESH), SIGN_IN_TO_REFRESH);
  }
  return session;
}

/** The collection's delta cursor on this device ('0': never synced). */
export async function readCursor(name: CollectionName): Promise<string> {
  const row = await db.meta.get(cursorKey(name));
  return typeof row?.value === 'string' ? row.value : '0';
}

function fullSyncKey(name: CollectionName): string {
  return `fullSync:${name}`;
}

async function fullResyncDue(name: CollectionName): Promise<boolean> {
  const row = await db.meta.get(fullSyncKey(name));
  return typeof row?.value !== 'number' || Date.now() - row.value > FULL_RESYNC_MS;
}

/** Reads what changed in a list since its cursor; a first sync waits for its turn. */
async function pullCollection(name: CollectionName): Promise<void> {
  const generation = currentGeneration();
  const stored = await readCursor(name);
  const cursor = (await fullResyncDue(name)) ? '0' : stored;
  const fromScratch = cursor === '0' && (await listHasRows(name));
  const release = stored === '0' ? await wholeSyncTurn(name) : () => undefined;
  try {
    // Signed out (or wiped) while waiting: nothing is asked with the next person's token.
    assertGeneration(generation);
    await pullPages(name, generation, cursor, fromScratch);
  } finally {
    release();
  }
}

/**
 * The page loop runs in the sync worker (sync-pages.ts). A refused token stops it: the token is
 * renewed once and the loop goes on from where it stopped, its pages committed. The statistics
 * add up over both runs; the list was read whole only if each run read it from 0.
 */
async function pullAllPages(
  name: CollectionName,
  generation: number,
  from: string,
  scratch: boolean,
  onFirstCommit: (first: FirstCommit) => void,
): Promise<PagesStats> {
  const total: PagesStats = { pages: 0, records: 0, waitMs: 0, writeMs: 0, whole: true };
  let resume = { from, scratch };
  for (const forceRefresh of [false, true]) {
    const { token } = await sessionToken(forceRefresh);
    // Signed out (or wiped) while the token came: nothing is asked for a database let go of.
    assertGeneration(generation);
    const result = await pullPagesOffThread({ name, ...resume, token, rowsToPage: holdsList(name) }, generation, onFirstCommit);
    // The rows written are in this page's lists before the list is said to be synced.
    await remoteChangesApplied(name);
    total.pages += result.stats.pages;
    total.records += result.stats.records;
    total.waitMs += result.stats.waitMs;
    total.writeMs += result.stats.writeMs;
    total.whole &&= result.stats.whole;
    if (result.ok) {
      reportAnswer();
      return total;
    }
    const error = errorOf(result.failure);
    if (error instanceof NetworkError) reportNoAnswer();
    else if (error instanceof HttpError || error instanceof UnreadablePageError) reportAnswer();
    if (!isRefusal(error)) throw error;
    if (refusalStands(error.status, forceRefresh)) {
      authGate.set('refused');
      throw new AuthRefused(error.message);
    }
    resume = result.resume;
  }
  throw new AuthRefused(problemEnglish(SIGN_IN_TO_REFRESH), SIGN_IN_TO_REFRESH);
}

/**
 * Once the last page is written, the outbox's answers older than the first request have been
 * brought by this sync: they let go of their records (letAnswersGo).
 */
async function pullPages(name: CollectionName, generation: number, from: string, scratch: boolean): Promise<void> {
  const startedAt = Date.now();
  // Timed in the page, whose clock `npm run bench` reads: from asking the worker to its answer,
  // the rows it wrote laid into this page's lists.
  const measureFrom = timeNow();
  let firstMeasured = false;
  const stats = await pullAllPages(name, generation, from, scratch, (first) => {
    reportAnswer();
    if (firstMeasured) return;
    firstMeasured = true;
    measureSince(`sync-first-page:${name}`, measureFrom, { records: first.records, whole: first.whole });
  });
  await letAnswersGo(name, startedAt, generation);
  if (stats.whole) await db.meta.put({ key: fullSyncKey(name), value: startedAt });
  // From the first request to the last page's rows in this page's lists (read by `npm run
  // bench`), the outbox's answers it brought let go: `waitMs` is
  // the time spent waiting for an answer, `writeMs` writing pages (the two overlap otherwise).
  const { pages, records, whole, waitMs, writeMs } = stats;
  measureSince(`sync:${name}`, measureFrom, { pages, records, whole, waitMs, writeMs });
}

/**
 * The server's answers to this list's changes that came before `askedAt` are in the rows now: a
 * sent change leaves the outbox, a refused one stops showing the server's record (the row does).
 */
async function letAnswersGo(name: CollectionName, askedAt: number, generation: number): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    assertGeneration(generation);
    const answered = await db.outbox
      .where('[collection+recordKey]')
      .between([name, -Infinity], [name, Infinity], true, true)
      .filter((entry) => entry.answer !== undefined && entry.answer.at < askedAt)
      .toArray();
    for (const entry of answered) {
      if (entry.state === 'sent') await db.outbox.delete(entry.seq as number);
      else await db.outbox.update(entry.seq as number, { answer: undefined });
    }
  });
}

const running = new Map<CollectionName, Promise<void>>();
const again = new Set<CollectionName>();

/** One sync per collection at a time (per context by promise, across tabs by a lock). */
export function syncCollection(name: CollectionName): Promise<void> {
  const current = running.get(name);
  if (current) {
    again.add(name);
    return current;
  }
  const run = (async () => {
    do {
      again.delete(name);
      if (authGate.get() !== 'open') return;
      if (isBrowserOffline()) {
        // Nothing cached yet and no network: say so rather than "Loading…" forever.
        if (syncStatus.get()[name].lastSyncedAt === null) setStatus(name, { error: problemEnglish(OFFLINE), problem: OFFLINE });
        return;
      }
      setStatus(name, { syncing: true });
      try {
        await withLock(`pharmacy-sync-${name}`, () => pullCollection(name));
        setStatus(name, { syncing: false, error: null, problem: null, lastSyncedAt: await readLastSync(name) });
      } catch (error) {
        // A sync of the person signed in since may have joined this stale run: it goes on.
        if (error instanceof StaleGenerationError) continue;
        setStatus(name, { syncing: false, ...errorWords(error) });
        if (error instanceof AuthRefused) return;
        const expected = error instanceof NetworkError || error instanceof HttpError || error instanceof UnreadablePageError;
        if (!expected) console.error(`Sync of ${name} failed`, error);
      }
    } while (again.has(name));
  })().finally(() => {
    running.delete(name);
    setStatus(name, { syncing: false });
  });
  running.set(name, run);
  return run;
}

function syncAll(names: readonly CollectionName[] = COLLECTION_NAMES): Promise<void> {
  return Promise.all(names.map((name) => syncCollection(name))).then(() => undefined);
}

async function readLastSync(name: CollectionName): Promise<number | null> {
  const row = await db.meta.get(lastSyncKey(name));
  return typeof row?.value === 'number' ? row.value : null;
}

async function loadLastSyncTimes(): Promise<void> {
  const times = await Promise.all(COLLECTION_NAMES.map(readLastSync));
  syncStatus.set((all) => {
    const next = { ...all };
    COLLECTION_NAMES.forEach((name, index) => {
      next[name] = { ...next[name], lastSyncedAt: next[name].lastSyncedAt ?? times[index] ?? null };
    });
    return next;
  });
}

/** Installs the triggers (start, focus, online, timer, outbox drained, sign-in); returns a stop. */
export function startSyncEngine(): () => void {
  const syncNow = () => void syncAll();
  const onVisible = () => {
    if (document.visibilityState === 'visible') syncNow();
  };
  const cleanups = [
    onResume(syncNow),
    onOutboxDrained((summary) => void syncAll(summary.collections)),
    onOutboxMessage((message) => {
      if (message.type === 'drained') void syncAll(message.collections as CollectionName[]);
    }),
  ];
  if (typeof window !== 'undefined') {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') syncNow();
    }, SYNC_INTERVAL_MS);
    window.addEventListener('online', syncNow);
    window.addEventListener('focus', syncNow);
    document.addEventListener('visibilitychange', onVisible);
    cleanups.push(() => {
      clearInterval(timer);
      window.removeEventListener('online', syncNow);
      window.removeEventListener('focus', syncNow);
      document.removeEventListener('visibilitychange', onVisible);
    });
  }
  void loadLastSyncTimes().then(syncNow, syncNow);
  return () => cleanups.forEach((cleanup) => cleanup());
}
