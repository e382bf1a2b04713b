// The baselines of the offline cache's figures (issue 17 item 9, issue 22): what this browser, on
// this machine, in the same page and profile as the app, takes to write the same rows to
// IndexedDB, read them back, and fetch them, with no app code. They live in a database of their
// own (BASELINE_DB), so the app's is never touched; the rows are the lists as the server answers
// a plain GET, fetched with the app's token before any timing starts.
//   (a) one record per row, keyed as the app keys the list, with two indexes (user_id,
//       created_at) as the app's transfers store has, written in 5,000-row transactions;
//   (b) 5,000-row records (20 records for 100,000 rows), one transaction each;
//   (c) the delta pages a first sync asks for (`?since=` from 0, SYNC_PAGE_LIMIT rows each),
//       fetched one after another and parsed, not written.
// The page functions below use no named helpers: tsx would wrap them in a __name() the page
// does not have.
import type { Page } from 'playwright-core';
import { COLLECTIONS, type CollectionName } from '../src/shared/collections';
import { API_BASE, SYNC_PAGE_LIMIT } from '../src/shared/constants';

export const BASELINE_DB = 'bench-baseline';
/** Rows per transaction in (a) and per record in (b). */
export const CHUNK = 5000;
const INDEXES = ['user_id', 'created_at'];

export interface ListTimes {
  /** Per list, in milliseconds. */
  lists: Record<string, number>;
  /** All lists one after another, first write (or request) to last commit (or parse). */
  totalMs: number;
}

/** Fetches each list whole into the page's memory (untimed); answers the row counts. */
export async function loadRows(page: Page, lists: CollectionName[], token: string): Promise<Record<string, number>> {
  const wanted = lists.map((name) => ({ name, url: `${API_BASE}${COLLECTIONS[name].path}` }));
  return page.evaluate(
    async ([items, bearer]) => {
      const w = window as unknown as { __benchRows: Record<string, unknown[]> };
      w.__benchRows = {};
      const counts: Record<string, number> = {};
      for (const { name, url } of items) {
        const response = await fetch(url, { headers: { Authorization: `Bearer ${bearer}` } });
        if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
        w.__benchRows[name] = (await response.json()) as unknown[];
        counts[name] = w.__benchRows[name].length;
      }
      return counts;
    },
    [wanted, token] as const,
  );
}

/**
 * Deletes BASELINE_DB (unless `keep`: the stores written before stay), creates it again with, per
 * list, a per-row store `<list>` (the list's key, the two indexes) and a record store
 * `<list>-records`, then empties the stores of `mode` and writes the rows loaded by loadRows
 * (lists in the order given) into them the `mode` way. Only the writes are timed.
 */
export async function writeByHand(
  page: Page,
  lists: CollectionName[],
  mode: 'rows' | 'records',
  keep = false,
): Promise<ListTimes> {
  const stores = lists.map((name) => ({ name, key: COLLECTIONS[name].key }));
  return page.evaluate(
    async ([items, how, chunk, indexes, dbName, keepDb]) => {
      const w = window as unknown as { __benchRows: Record<string, unknown[]> };
      if (!keepDb) {
        await new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase(dbName);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
          request.onblocked = () => reject(new Error(`${dbName} is open elsewhere`));
        });
      }
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName, 1);
        request.onupgradeneeded = () => {
          for (const { name, key } of items) {
            const store = request.result.createObjectStore(name, { keyPath: key });
            for (const index of indexes) store.createIndex(index, index);
            request.result.createObjectStore(`${name}-records`, { keyPath: 'page' });
          }
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const names = items.map(({ name }) => (how === 'rows' ? name : `${name}-records`));
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(names, 'readwrite');
          for (const name of names) tx.objectStore(name).clear();
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        const lists: Record<string, number> = {};
        const started = performance.now();
        for (const { name } of items) {
          const rows = w.__benchRows[name];
          if (!rows) throw new Error(`no rows loaded for ${name}`);
          const listStarted = performance.now();
          for (let from = 0; from < rows.length; from += chunk) {
            await new Promise<void>((resolve, reject) => {
              const storeName = how === 'rows' ? name : `${name}-records`;
              const tx = db.transaction(storeName, 'readwrite');
              const store = tx.objectStore(storeName);
              const part = rows.slice(from, from + chunk);
              if (how === 'rows') for (const row of part) store.put(row);
              else store.put({ page: from / chunk, rows: part });
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
              tx.onabort = () => reject(tx.error ?? new Error('aborted'));
            });
          }
          lists[name] = performance.now() - listStarted;
        }
        return { lists, totalMs: performance.now() - started };
      } finally {
        db.close();
      }
    },
    [stores, mode, CHUNK, INDEXES, BASELINE_DB, keep] as const,
  );
}

/**
 * Reads `list` back from BASELINE_DB (written both ways by writeByHand beforehand): its records
 * with one getAll, and its per-row store with one getAll. Answers the times and the row counts.
 */
export async function readByHand(
  page: Page,
  list: CollectionName,
): Promise<{ recordsMs: number; rowsMs: number; recordRows: number; rows: number }> {
  return page.evaluate(
    async ([name, dbName]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(name)) throw new Error(`${dbName} holds no ${name}`);
        let started = performance.now();
        const records = await new Promise<{ rows: unknown[] }[]>((resolve, reject) => {
          const request = db.transaction(`${name}-records`, 'readonly').objectStore(`${name}-records`).getAll();
          request.onsuccess = () => resolve(request.result as { rows: unknown[] }[]);
          request.onerror = () => reject(request.error);
        });
        const recordsMs = performance.now() - started;
        started = performance.now();
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const rowsMs = performance.now() - started;
        return { recordsMs, rowsMs, recordRows: records.reduce((sum, record) => sum + record.rows.length, 0), rows: rows.length };
      } finally {
        db.close();
      }
    },
    [list, BASELINE_DB] as const,
  );
}

/** (c) The first sync's requests by hand: every delta page of each list from cursor 0, fetched and parsed. */
export async function fetchPagesByHand(
  page: Page,
  lists: CollectionName[],
  token: string,
): Promise<ListTimes & { rows: number; wireBytes: number; textBytes: number }> {
  const wanted = lists.map((name) => ({ name, url: `${API_BASE}${COLLECTIONS[name].path}` }));
  return page.evaluate(
    async ([items, bearer, limit]) => {
      const lists: Record<string, number> = {};
      let rows = 0;
      // The pages' bytes as Resource Timing has them: on the wire (gzipped) and as JSON text.
      let wireBytes = 0;
      let textBytes = 0;
      performance.setResourceTimingBufferSize(1000);
      performance.clearResourceTimings();
      const started = performance.now();
      for (const { name, url } of items) {
        const listStarted = performance.now();
        let cursor = '0';
        for (;;) {
          const response = await fetch(`${url}?since=${cursor}&limit=${limit}`, { headers: { Authorization: `Bearer ${bearer}` } });
          if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
          const answer = (await response.json()) as { items: unknown[]; cursor: string; more: boolean };
          const timing = performance.getEntriesByName(response.url).at(-1) as PerformanceResourceTiming | undefined;
          wireBytes += timing?.encodedBodySize ?? NaN;
          textBytes += timing?.decodedBodySize ?? NaN;
          rows += answer.items.length;
          cursor = answer.cursor;
          if (!answer.more) break;
        }
        lists[name] = performance.now() - listStarted;
      }
      return { lists, totalMs: performance.now() - started, rows, wireBytes, textBytes };
    },
    [wanted, token, SYNC_PAGE_LIMIT] as const,
  );
}

/** Lets go of the rows loadRows kept in the page (BASELINE_DB stays). */
export async function dropRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    delete (window as unknown as { __benchRows?: unknown }).__benchRows;
  });
}

/** Removes BASELINE_DB and the rows loadRows kept in the page. */
export async function dropBaseline(page: Page): Promise<void> {
  await page.evaluate(async (dbName) => {
    delete (window as unknown as { __benchRows?: unknown }).__benchRows;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(dbName);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
  }, BASELINE_DB);
}
