// Changes queued offline survive a reload and reach the server exactly once each, in order per
// record; the outbox ends empty. The server runs on PostgreSQL here so the test can read the
// audit trail (request_status_events) the server writes with every effective change.
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RefillRequest, Transfer } from '../../../src/shared/entities';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { api, detail, openRecord, outboxCount, outboxEntries, rows, unsentCount, waitUntil } from './helpers';

const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ReplayOptions {
  /** How many changes to queue offline. */
  total: number;
  /** Extra server environment (e.g. a low rate limit). */
  serverEnv?: Record<string, string>;
  title: string;
}

/** Registers the whole test (hooks and one case) in the calling test file. */
export function defineReplayTest({ total: TOTAL, serverEnv = {}, title }: ReplayOptions): void {
  const dbName = `e2e_replay_${Date.now()}`;
  const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);

  let admin: pg.Client;
  let db: pg.Client | undefined;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    [server, browser] = await Promise.all([startServer({ env: { DATABASE_URL: dbUrl, ...serverEnv } }), launchBrowser()]);
    context = await newContext(browser, { withServiceWorker: true });
    page = await context.newPage();
    await signIn(page, server.baseUrl, ADMIN);
    await page.goto(`${server.baseUrl}/prescriptions/transfers`);
    await rows(page).first().waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await page.goto(`${server.baseUrl}/prescriptions/refills-and-renewals`);
    await rows(page).first().waitFor();
  });

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
  });

  interface Target {
    page: string;
    entity: string;
    key: number;
    clicks: number;
  }

  it(title, async () => {
      const transfers = (await api<Transfer[]>(page, server.baseUrl, '/admin/transfers')).filter((t) => t.status === 'active');
      const refills = (await api<RefillRequest[]>(page, server.baseUrl, '/admin/refills-and-renewals')).filter(
        (r) => r.status === 'active',
      );
      const records = [
        ...transfers.map((t) => ({ page: '/prescriptions/transfers', entity: 'transfers', key: t.transfer_id })),
        ...refills.map((r) => ({ page: '/prescriptions/refills-and-renewals', entity: 'refill_requests', key: r.id })),
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
      expect(await outboxCount(page)).toBe(TOTAL);
      db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      // The demo data carries an audit history of its own: count only what comes after it.
      const { rows: mark } = await db.query<{ last: string | null }>('SELECT max(event_id) AS last FROM request_status_events');
      const lastBefore = Number(mark[0]!.last ?? 0);

      await context.setOffline(false);
      try {
        await waitUntil(async () => (await outboxCount(page)) === 0, 300_000, 'the outbox to drain');
      } catch (error) {
        const left = await outboxEntries(page);
        const states = left.reduce<Record<string, number>>((n, e) => ({ ...n, [e.state]: (n[e.state] ?? 0) + 1 }), {});
        throw new Error(`${String(error)}: ${left.length} left ${JSON.stringify(states)}, e.g. ${JSON.stringify(left[0])}`, {
          cause: error,
        });
      }
      expect(await unsentCount(page)).toBe(0);

      try {
        const { rows: events } = await db.query<{ entity: string; record_id: number; to_status: string; idempotency_key: string }>(
          'SELECT entity, record_id, to_status, idempotency_key FROM request_status_events WHERE event_id > $1 ORDER BY event_id',
          [lastBefore],
        );
        expect(events).toHaveLength(TOTAL);
        expect(new Set(events.map((e) => e.idempotency_key)).size).toBe(TOTAL);
        for (const target of targets) {
          const mine = events.filter((e) => e.entity === target.entity && e.record_id === target.key).map((e) => e.to_status);
          const expected = Array.from({ length: target.clicks }, (_, i) => (i % 2 === 0 ? 'completed' : 'active'));
          expect(mine).toEqual(expected);
        }
        const { rows: keys } = await db.query<{ n: string }>(
          "SELECT count(*) AS n FROM idempotency_keys WHERE state = 'done' AND key = ANY($1)",
          [events.map((e) => e.idempotency_key)],
        );
        expect(Number(keys[0]!.n)).toBe(TOTAL);
      } finally {
        await db.end();
        db = undefined;
      }
    }, 900_000);
}
