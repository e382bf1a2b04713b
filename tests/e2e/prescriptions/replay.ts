// Changes queued offline survive a reload and reach the server exactly once each, in order per
// record; the outbox ends empty. The server runs on the embedded database, or on a new database
// of the PostgreSQL server that DATABASE_URL names; the test reads the audit trail
// (request_status_events) the server writes with every effective change once it has stopped.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb } from '../../../src/server/db/client';
import type { RefillRequest, Transfer } from '../../../src/shared/entities';
import { ADMIN_TOKEN_KEY, API_BASE } from '../../../src/shared/constants';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, waitForServiceWorkerControl } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { createServerDatabase } from '../../api/support/fresh-database';
import { api, detail, openRecord, outboxCount, outboxEntries, rows, unsentCount } from './helpers';
import { waitFor } from '../../support/wait-for';

export interface ReplayOptions {
  /** How many changes to queue offline. */
  total: number;
  title: string;
  /**
   * The server's rate limit, which the device comes back into with its address's allowance used
   * up (the test spends it just before): the replay's first change meets a 429, and the server's
   * log must show one.
   */
  rateLimit?: RateLimit;
}

export interface RateLimit {
  /** Requests per window and address (RATE_LIMIT_PER_MINUTE). */
  requests: number;
  /** RATE_LIMIT_WINDOW, short so that a spent allowance comes back in seconds. */
  windowSeconds: number;
}

/**
 * Reads a list from this address until the server refuses it 429 with most of its window still
 * to run (a window about to reset could let the replay through without one).
 */
async function spendRateLimit(page: Page, baseUrl: string, limit: RateLimit): Promise<void> {
  const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
  // One burst: the window's allowance and one more is sure to end in a 429.
  const burst = async () => {
    for (let i = 0; i <= limit.requests; i += 1) {
      const response = await fetch(`${baseUrl}${API_BASE}/admin/autofill`, { headers: { Authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status === 429) return Number(response.headers.get('retry-after')) * 2 >= limit.windowSeconds;
      if (!response.ok) return `GET /admin/autofill answered ${response.status}`;
    }
    return 'no 429 after the whole allowance';
  };
  const outcome = await waitFor('a 429 with most of the window still to run', burst, {
    timeout: limit.windowSeconds * 3000,
    interval: 250,
  });
  if (outcome !== true) throw new Error(outcome);
}

/**
 * Taps the open record's Mark as Incomplete / Mark as Complete `times` more, each once the
 * button has turned over (the change before is on the device). Inside the page: one round trip.
 */
async function tapToggles(page: Page, times: number): Promise<void> {
  await page.evaluate(async (count) => {
    const button = (name: string) =>
      [...document.querySelectorAll<HTMLButtonElement>('[data-testid="prescription-detail"] button')].find(
        (candidate) => candidate.textContent?.trim() === name,
      );
    const turnedTo = (name: string) =>
      new Promise<HTMLButtonElement>((resolve, reject) => {
        const giveUp = Date.now() + 10_000;
        const look = () => {
          const found = button(name);
          if (found) resolve(found);
          else if (Date.now() > giveUp) reject(new Error(`no ${name} button`));
          else setTimeout(look, 5);
        };
        look();
      });
    for (let i = 0; i < count; i += 1) {
      const [now, next] = i % 2 === 0 ? ['Mark as Incomplete', 'Mark as Complete'] : ['Mark as Complete', 'Mark as Incomplete'];
      (await turnedTo(now)).click();
      await turnedTo(next);
    }
  }, times);
}

/** Registers the whole test (hooks and one case) in the calling test file. */
export function defineReplayTest({ total: TOTAL, title, rateLimit }: ReplayOptions): void {
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createServerDatabase(process.env.DATABASE_URL);
    const env = {
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...(rateLimit
        ? { RATE_LIMIT_PER_MINUTE: String(rateLimit.requests), RATE_LIMIT_WINDOW: `${rateLimit.windowSeconds}s` }
        : {}),
    };
    [server, browser] = await Promise.all([startServer({ env }), launchBrowser()]);
    context = await newContext(browser, { withServiceWorker: true });
    page = await context.newPage();
    await signIn(page, server.baseUrl, ADMIN);
    await page.goto(`${server.baseUrl}/prescriptions/transfers`);
    await rows(page).first().waitFor();
    await waitForServiceWorkerControl(page);
    await page.goto(`${server.baseUrl}/prescriptions/refills-and-renewals`);
    await rows(page).first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop().catch(() => undefined);
  });

  interface Target {
    page: string;
    entity: string;
    key: number;
    clicks: number;
  }

  it(title, { timeout: 900_000 }, async () => {
    // The test's own reads count against a low rate limit too: past a 429, again after a moment.
    const read = <T>(path: string) => waitFor(`GET ${path}`, () => api<T>(page, server.baseUrl, path), { timeout: 30_000, interval: 500 });
    const transfers = (await read<Transfer[]>('/admin/transfers')).filter((t) => t.status === 'active');
    const refills = (await read<RefillRequest[]>('/admin/refills-and-renewals')).filter((r) => r.status === 'active');
    const records = [
      ...transfers.map((t) => ({
        page: '/prescriptions/transfers',
        entity: 'transfers',
        key: t.transfer_id,
      })),
      ...refills.map((r) => ({
        page: '/prescriptions/refills-and-renewals',
        entity: 'refill_requests',
        key: r.id,
      })),
    ];
    expect(records.length).toBeGreaterThanOrEqual(10);
    // About ten changes a record (each record is one more page to open, a second's work here), on
    // ten records or more: the order within a record is tested by ten, the lanes by the records.
    const used = records.slice(0, Math.max(10, Math.min(records.length, Math.floor(TOTAL / 10))));
    const targets: Target[] = used.map((r, i) => ({
      ...r,
      clicks: Math.floor(TOTAL / used.length) + (i < TOTAL % used.length ? 1 : 0),
    }));

    const started = Date.now();
    await context.setOffline(true);
    for (const target of targets) {
      await openRecord(page, server.baseUrl, target.page, target.key);
      // The first tap through Playwright's pointer, the others by the page's own click events
      // (each after the button has turned over), which spares a round trip to the browser per tap.
      await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
      await detail(page).getByRole('button', { name: 'Mark as Incomplete' }).waitFor();
      await tapToggles(page, target.clicks - 1);
    }
    await waitFor('every change queued', async () => (await unsentCount(page)) === TOTAL, { timeout: 20_000 });
    const queuedAt = Date.now();
    expect(await outboxCount(page)).toBe(TOTAL);

    await page.reload();
    await rows(page).first().waitFor();
    await waitFor('the queue after a reload', async () => (await unsentCount(page)) === TOTAL, { timeout: 20_000 });
    const keys = (await outboxEntries(page)).map((entry) => entry.id);
    expect(keys).toHaveLength(TOTAL);

    if (rateLimit) await spendRateLimit(page, server.baseUrl, rateLimit);
    await context.setOffline(false);
    const onlineAt = Date.now();
    let limited = false;
    try {
      await waitFor(
        'the outbox to drain',
        async () => {
          // The log keeps its recent lines only: look while the replay runs.
          limited ||= /"method":"PUT"[^\n]*"status":429/.test(server.output());
          return (await outboxCount(page)) === 0;
        },
        // Each look reads the whole outbox in the page: not so often that it slows the replay.
        { timeout: 300_000, interval: 500 },
      );
    } catch (error) {
      const left = await outboxEntries(page);
      const states = left.reduce<Record<string, number>>((n, e) => ({ ...n, [e.state]: (n[e.state] ?? 0) + 1 }), {});
      throw new Error(`${String(error)}: ${left.length} left ${JSON.stringify(states)}, e.g. ${JSON.stringify(left[0])}`, {
        cause: error,
      });
    }
    const drainedAt = Date.now();
    console.log(
      `replay: ${TOTAL} changes queued offline in ${((queuedAt - started) / 1000).toFixed(1)} s, ` +
        `sent in ${((drainedAt - onlineAt) / 1000).toFixed(1)} s after the device came back`,
    );
    // The count in the navigation bar follows the outbox a moment later.
    await waitFor('the unsent count to clear', async () => (await unsentCount(page)) === 0, { timeout: 10_000 });
    if (rateLimit) expect(limited, 'the server answered a queued change 429').toBe(true);

    // The embedded database belongs to one process at a time: read it once the server stopped.
    await server.halt();
    const db = await openDb({
      databaseUrl: database?.url,
      dataDir: server.dataDir,
    });
    try {
      const events = await db.query<{
        entity: string;
        record_id: number;
        to_status: string;
        idempotency_key: string;
      }>(
        'SELECT entity, record_id, to_status, idempotency_key FROM request_status_events WHERE idempotency_key = ANY($1) ORDER BY event_id',
        [keys],
      );
      expect(events).toHaveLength(TOTAL);
      expect(new Set(events.map((e) => e.idempotency_key)).size).toBe(TOTAL);
      for (const target of targets) {
        const mine = events.filter((e) => e.entity === target.entity && e.record_id === target.key).map((e) => e.to_status);
        const expected = Array.from({ length: target.clicks }, (_, i) => (i % 2 === 0 ? 'completed' : 'active'));
        expect(mine).toEqual(expected);
      }
      const [done] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM idempotency_keys WHERE state = 'done' AND key = ANY($1)",
        [keys],
      );
      expect(done!.n).toBe(TOTAL);
    } finally {
      await db.close();
    }
  });
}
