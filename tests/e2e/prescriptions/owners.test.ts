// Changes belong to the person who made them (issue 10, item 5): queued offline as A, they are
// never sent as B, who signs in next on the same tablet and is told whose changes wait; when A
// signs in again each is applied once, and the server's audit trail names A. PostgreSQL, so the
// test can read the audit trail (request_status_events).
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_TOKEN_KEY, API_BASE } from '../../../src/shared/constants';
import type { Transfer } from '../../../src/shared/entities';
import { launchBrowser, newContext, waitForServiceWorkerControl } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { createStaff, endSessions, type StaffAccount } from '../support/staff';
import { detail, openRecord, outboxCount, rows, unsentCount } from './helpers';
import { waitFor } from '../../support/wait-for';

// It reads and writes the server's database while the server runs: a PostgreSQL server given by
// DATABASE_URL (CI's PostgreSQL stage). Without one (npm test on the embedded database) it is skipped.
const ADMIN_URL = process.env.DATABASE_URL ?? '';
const dbName = `e2e_owners_${Date.now()}`;
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const TRANSFERS = '/prescriptions/transfers';

let admin: pg.Client;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!ADMIN_URL) return;
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  [server, browser] = await Promise.all([startServer({ env: { DATABASE_URL: dbUrl } }), launchBrowser()]);
  context = await newContext(browser, { withServiceWorker: true });
  page = await context.newPage();
});

afterAll(async () => {
  if (!ADMIN_URL) return;
  await browser?.close();
  await server?.stop();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin?.end();
});

async function transfersAs(person: StaffAccount): Promise<Transfer[]> {
  const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
  const response = await fetch(`${server.baseUrl}${API_BASE}/admin/transfers`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, `transfers as ${person.email}`).toBe(200);
  return (await response.json()) as Transfer[];
}

/** The session ends without a Logout (what an expired session leaves), and the sign-in screen shows. */
async function leaveWithoutLogout(): Promise<void> {
  await page.evaluate((key) => localStorage.removeItem(key), ADMIN_TOKEN_KEY);
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
}

it.skipIf(!ADMIN_URL)("changes queued as A are not sent as B; when A signs in again each is applied once, in A's name", async () => {
  const [a, b] = await Promise.all([createStaff(), createStaff()]);
  await signIn(page, server.baseUrl, a);
  await page.goto(`${server.baseUrl}${TRANSFERS}`);
  await rows(page).first().waitFor();
  await waitForServiceWorkerControl(page);
  const [first, second, own] = (await transfersAs(a)).filter((t) => t.status === 'active');
  const targets = [first!, second!];
  const targetIds = targets.map((t) => t.transfer_id);
  /** B's own change on another record, once on the server: B's queue has had its turn since. */
  const bChanges = async (button: string, status: string) => {
    await openRecord(page, server.baseUrl, TRANSFERS, own!.transfer_id);
    await detail(page).getByRole('button', { name: button }).click();
    await waitFor(`B's own change (${status}) on the server`, async () => (await transfersAs(b)).find((t) => t.transfer_id === own!.transfer_id)?.status === status, {
      timeout: 30_000,
    });
  };
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows: mark } = await db.query<{ last: string | null }>('SELECT max(event_id) AS last FROM request_status_events');
    const since = Number(mark[0]!.last ?? 0);

    await context.setOffline(true);
    for (const target of targets) {
      await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
      await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
      await detail(page).getByRole('button', { name: 'Mark as Incomplete' }).waitFor();
    }
    await waitFor('the queued changes', async () => (await unsentCount(page)) === 2, { timeout: 10_000 });
    // A's session ends (as an expired one does): neither this page nor the service worker can
    // send A's changes any more; and A leaves without a Logout.
    await endSessions(a.uid);
    await leaveWithoutLogout();
    await context.setOffline(false);

    await signIn(page, server.baseUrl, b);
    const prompt = page.getByTestId('others-changes-prompt');
    await prompt.getByText(`2 changes made by ${a.email} have not been sent yet`, { exact: false }).waitFor({ timeout: 20_000 });
    await prompt.getByRole('button', { name: `Keep for ${a.email}` }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.goto(`${server.baseUrl}${TRANSFERS}`);
    await rows(page).first().waitFor();
    await bChanges('Mark as Complete', 'completed');
    await waitFor("only A's changes left", async () => (await outboxCount(page)) === 2);
    const asB = await transfersAs(b);
    for (const target of targets) expect(asB.find((t) => t.transfer_id === target.transfer_id)?.status).toBe('active');
    const { rows: none } = await db.query('SELECT 1 FROM request_status_events WHERE event_id > $1 AND record_id = ANY($2)', [
      since,
      targetIds,
    ]);
    expect(none).toHaveLength(0);
    // Kept means asked once: a reload does not ask again (B is back at work, and no question).
    await page.reload();
    await rows(page).first().waitFor();
    await bChanges('Mark as Incomplete', 'active');
    expect(await prompt.count()).toBe(0);
    // The server has B's change; B's device must have heard its answer before B leaves: a page left
    // while its answer is on the way keeps the change (sent again with its key, applied once) for
    // B, and A would be asked about it.
    await waitFor("B's change settled on the device", async () => (await outboxCount(page)) === 2);

    await leaveWithoutLogout();
    await signIn(page, server.baseUrl, a);
    await waitFor("A's changes to be sent", async () => (await outboxCount(page)) === 0, { timeout: 30_000 });
    const { rows: events } = await db.query<{ record_id: number; to_status: string; actor_uid: string }>(
      `SELECT record_id, to_status, actor_uid FROM request_status_events
        WHERE event_id > $1 AND entity = 'transfers' AND record_id = ANY($2) ORDER BY event_id`,
      [since, targetIds],
    );
    expect(events.map((e) => [e.record_id, e.to_status, e.actor_uid]).sort()).toEqual(
      targets.map((t) => [t.transfer_id, 'completed', a.uid]).sort(),
    );
  } finally {
    await db.end();
  }
}, 180_000);
