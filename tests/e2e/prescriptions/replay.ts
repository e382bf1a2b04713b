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
import { api, detail, openRecord, outboxCount, outboxEntries, rows, unsentCount, waitUntil } from './helpers';

export interface ReplayOptions {
  /** How many changes to queue offline. */
  total: number;
  /** Extra server environment (e.g. a low rate limit). */
  serverEnv?: Record<string, string>;
  title: string;
  /**
   * The device comes back while its address has used up the rate limit (the test spends it just
   * before): the replay's first change meets a 429, and the server's log must show one.
   */
  expectRateLimited?: boolean;
}

/**
 * Reads a list from this address until the server refuses it 429 with most of its minute still
 * to run (a window about to reset could let the replay through without one).
 */
async function spendRateLimit(page: Page, baseUrl: string): Promise<void> {
  const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
  for (let i = 0; i < 10_000; i += 1) {
    const response = await fetch(`${baseUrl}${API_BASE}/admin/autofill`, { headers: { Authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after') ?? 60);
      if (seconds >= 20) return;
      await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    } else if (!response.ok) {
      throw new Error(`GET /admin/autofill answered ${response.status}`);
    }
  }
  throw new Error('The server never answered 429');
}

/** Registers the whole test (hooks and one case) in the calling test file. */
export function defineReplayTest({ total: TOTAL, serverEnv = {}, title, expectRateLimited = false }: ReplayOptions): void {
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createServerDatabase(process.env.DATABASE_URL);
    const env = {
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...serverEnv,
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

  // No retry: the attempt ends by stopping the server, and it is long.
  it(title, { timeout: 900_000, retry: 0 }, async () => {
    const transfers = (await api<Transfer[]>(page, server.baseUrl, '/admin/transfers')).filter((t) => t.status === 'active');
    const refills = (await api<RefillRequest[]>(page, server.baseUrl, '/admin/refills-and-renewals')).filter(
      (r) => r.status === 'active',
    );
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
    const targets: Target[] = records.map((r, i) => ({
      ...r,
      clicks: Math.floor(TOTAL / records.length) + (i < TOTAL % records.length ? 1 : 0),
    }));

    await context.setOffline(true);
    for (const target of targets) {
      await openRecord(page, server.baseUrl, target.page, target.key);
      for (let i = 0; i < target.clicks; i += 1) {
        const [now, next] = i % 2 === 0 ? ['Mark as Complete', 'Mark as Incomplete'] : ['Mark as Incomplete', 'Mark as Complete'];
        await detail(page).getByRole('button', { name: now }).click();
        await detail(page).getByRole('button', { name: next }).waitFor();
      }
    }
    await waitUntil(async () => (await unsentCount(page)) === TOTAL, 20_000, 'every change queued');
    expect(await outboxCount(page)).toBe(TOTAL);

    await page.reload();
    await rows(page).first().waitFor();
    await waitUntil(async () => (await unsentCount(page)) === TOTAL, 20_000, 'the queue after a reload');
    // This attempt's keys: a retried attempt runs against the same server and its audit trail.
    const keys = (await outboxEntries(page)).map((entry) => entry.id);
    expect(keys).toHaveLength(TOTAL);

    if (expectRateLimited) await spendRateLimit(page, server.baseUrl);
    await context.setOffline(false);
    let limited = false;
    try {
      await waitUntil(
        async () => {
          // The log keeps its recent lines only: look while the replay runs.
          limited ||= /"method":"PUT"[^\n]*"status":429/.test(server.output());
          return (await outboxCount(page)) === 0;
        },
        300_000,
        'the outbox to drain',
      );
    } catch (error) {
      const left = await outboxEntries(page);
      const states = left.reduce<Record<string, number>>((n, e) => ({ ...n, [e.state]: (n[e.state] ?? 0) + 1 }), {});
      throw new Error(`${String(error)}: ${left.length} left ${JSON.stringify(states)}, e.g. ${JSON.stringify(left[0])}`, {
        cause: error,
      });
    }
    // The count in the navigation bar follows the outbox a moment later.
    await waitUntil(async () => (await unsentCount(page)) === 0, 10_000, 'the unsent count to clear');
    if (expectRateLimited) expect(limited, 'the server answered a queued change 429').toBe(true);

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
