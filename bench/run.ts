// `npm run bench`: the offline cache at scale, measured in Debian's Chromium against the real
// server. Prints: the first full sync of N transfers (and the proportionate other lists) into
// IndexedDB, a delta sync of 100 changes, search time per keystroke over the cached list, and how
// many list rows are in the DOM (the list is virtualised).
//   BENCH_TRANSFERS (default 100000)
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN_KEY, API_BASE } from '../src/shared/constants';
import type { Transfer } from '../src/shared/entities';
import { ADMIN } from '../tests/e2e/support/accounts';
import { launchBrowser, newContext } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signIn } from '../tests/e2e/support/sign-in';

const N = Number(process.env.BENCH_TRANSFERS ?? 100_000);
const DELTA = 100;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads the cached transfers straight from IndexedDB (the app's Dexie database). */
function cachedTransfers(page: Page, ids?: number[]): Promise<{ count: number; completed: number }> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('pharmacy-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('transfers')) return { count: 0, completed: 0 };
      const store = db.transaction('transfers', 'readonly').objectStore('transfers');
      const count = await new Promise<number>((resolve) => {
        const request = store.count();
        request.onsuccess = () => resolve(request.result);
      });
      let completed = 0;
      for (const id of wanted ?? []) {
        const row = await new Promise<{ status?: string } | undefined>((resolve) => {
          const request = store.get(id);
          request.onsuccess = () => resolve(request.result as { status?: string } | undefined);
        });
        if (row?.status === 'completed') completed += 1;
      }
      return { count, completed };
    } finally {
      db.close();
    }
  }, ids ?? null);
}

/** How many records each cached list holds. */
function cachedCounts(page: Page, stores: string[]): Promise<Record<string, number>> {
  return page.evaluate(async (names) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('pharmacy-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const counts: Record<string, number> = {};
    try {
      for (const name of names) {
        counts[name] = db.objectStoreNames.contains(name)
          ? await new Promise<number>((resolve) => {
              const request = db.transaction(name, 'readonly').objectStore(name).count();
              request.onsuccess = () => resolve(request.result);
            })
          : 0;
      }
    } finally {
      db.close();
    }
    return counts;
  }, stores);
}

/** Types the query one key at a time; each keystroke is timed until the list shows its result. */
function searchPerKeystroke(page: Page, query: string): Promise<number[]> {
  return page.evaluate(async (text) => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="prescription-search"]')!;
    const count = document.querySelector<HTMLElement>('[data-testid="prescription-count"]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const timings: number[] = [];
    input.focus();
    for (let i = 1; i <= text.length; i += 1) {
      const started = performance.now();
      setValue.call(input, text.slice(0, i));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Done when a frame is painted with the list no longer marked stale (the deferred filter
      // has caught up with the input). No named helpers in here: tsx would wrap them in a
      // __name() the page does not have.
      do {
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      } while (count.hasAttribute('data-stale'));
      timings.push(performance.now() - started);
    }
    return timings;
  }, query);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharmacy-bench-'));
  console.log(`Seeding ${N.toLocaleString('en-CA')} transfers and proportionate other lists…`);
  const seeded = spawnSync('npx', ['tsx', 'src/server/cli/seed.ts', '--scale', String(N)], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  process.stdout.write(seeded.stdout);
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const seededRows = (table: string) =>
    Number(new RegExp(`^\\s*${table}\\s+([\\d,]+)`, 'm').exec(seeded.stdout)?.[1]?.replace(/,/g, '') ?? NaN);
  // The five cached lists (Dexie table -> server table).
  const expected: Record<string, number> = {
    transfers: seededRows('transfers'),
    refills: seededRows('refill_requests'),
    autofill: seededRows('autofill_enrolments'),
    reminders: seededRows('refill_reminder_enrolments'),
    newPrescriptions: seededRows('new_prescriptions'),
  };
  const expectedTotal = Object.values(expected).reduce((a, b) => a + b, 0);

  const [server, browser] = await Promise.all([startServer({ dataDir, env: { SKIP_BUILD: '' } }), launchBrowser()]);
  try {
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // 1. First full sync: from the sign-in click until every transfer is in IndexedDB.
    await page.goto(`${server.baseUrl}/login`);
    const syncStarted = Date.now();
    await signIn(page, server.baseUrl, ADMIN);
    await waitFor(async () => (await cachedTransfers(page)).count >= N, 600_000, 'the transfers');
    const transfersMs = Date.now() - syncStarted;
    await waitFor(
      async () => {
        const counts = await cachedCounts(page, Object.keys(expected));
        return Object.entries(expected).every(([name, count]) => (counts[name] ?? 0) >= count);
      },
      600_000,
      'every list',
    );
    const fullSyncMs = Date.now() - syncStarted;

    await page.goto(`${server.baseUrl}/prescriptions/transfers`);
    const total = N.toLocaleString('en-US');
    await page.getByTestId('prescription-count').getByText(`${total} of ${total}`).waitFor({ timeout: 120_000 });
    const listShownMs = Date.now() - syncStarted;

    // 2. Delta sync: 100 transfers change on the server (another device), this one catches up.
    // Twice, to see that the second is like the first.
    const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
    const headers = { Authorization: `Bearer ${token}` };
    const all = (await (await fetch(`${server.baseUrl}${API_BASE}/admin/transfers`, { headers })).json()) as Transfer[];
    const active = all.filter((t) => t.status === 'active');
    const deltas: number[] = [];
    for (const round of [0, 1]) {
      const changed = active.slice(round * DELTA, (round + 1) * DELTA).map((t) => t.transfer_id);
      for (const id of changed) {
        const response = await fetch(`${server.baseUrl}${API_BASE}/admin/transfers/complete/${id}`, { method: 'PUT', headers });
        if (!response.ok) throw new Error(`PUT complete ${id}: ${response.status}`);
      }
      const deltaStarted = Date.now();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await waitFor(async () => (await cachedTransfers(page, changed)).completed === changed.length, 120_000, 'the delta sync');
      deltas.push(Date.now() - deltaStarted);
    }

    // 3. Search per keystroke over the cached list (a first name that exists, typed in full),
    // and 4. rows in the DOM.
    const query = all[all.length >> 1]!.first_name.toLowerCase();
    const rowsBefore = await page.getByTestId('prescription-row').count();
    const timings = await searchPerKeystroke(page, query);
    const rowsAfter = await page.getByTestId('prescription-row').count();
    await searchPerKeystroke(page, '');
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;

    console.log('');
    console.log(`Benchmark: ${N.toLocaleString('en-CA')} cached transfers (Chromium ${browser.version()})`);
    console.log(`  first full sync into IndexedDB: transfers   ${seconds(transfersMs)} (${N.toLocaleString('en-CA')} records)`);
    console.log(`  first full sync into IndexedDB: all lists   ${seconds(fullSyncMs)} (${expectedTotal.toLocaleString('en-CA')} records)`);
    console.log(`  sign-in to the whole transfer list on screen ${seconds(listShownMs)}`);
    console.log(`  delta sync of ${DELTA} changes                  ${deltas.map(seconds).join(', then ')}`);
    console.log(
      `  search per keystroke ("${query}")             median ${median.toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms ` +
        `[${timings.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(`  list rows in the DOM                         ${rowsBefore} of ${N.toLocaleString('en-CA')} (${rowsAfter} while searching)`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
