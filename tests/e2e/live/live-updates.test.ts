// Live across devices and server instances (issue 8), in Chromium: two staff in two browser
// contexts, each on its own server instance of one PostgreSQL. What one does shows in the other
// without a reload (50 changes: status changes, cancellations and replies), and a transfer written
// straight into the database (as the customer-facing site would) shows in the list and as
// 'New transfer request!'. Each within LIVE_MS: only the change stream brings a change that soon
// (the periodic sync is a minute apart, and nothing here focuses a page or makes it visible).
// How soon is a figure, not a test (DESIGN: speed is measured by benchmarks): this file prints
// the median, 95th percentile and slowest it saw, and `npm run bench -- live` prints the 95th
// percentile against its target of a second. The file runs beside other tests, so its bound
// leaves room for a loaded machine (the p95 seen here: 217 ms alone, 1,648 ms beside the API
// tests on 2 cores).
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Appointment, Inquiry, Transfer } from '../../../src/shared/entities';
import { appointments, calendarEvent, CALENDAR, modal, pharmacyToday, pharmacyZone, showDate } from '../appointments/helpers';
import { api, detail, detailStatus, openRecord, row } from '../prescriptions/helpers';
import { checkA11y, EVERY_IMPACT, WCAG_AA_TAGS } from '../support/a11y';
import { launchBrowser, newContext } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { createStaff } from '../support/staff';

// Given DATABASE_URL (a PostgreSQL server tests may create databases on, as CI gives), two server
// instances on a new database of it, and a row written straight into that database. Without it
// (npm test on a machine with only what the README asks for), one server on the embedded
// database with both browsers on it; the instances and the outside writer are then proven by the
// PostgreSQL run (and by tests/api/live/instances.test.ts).
const ADMIN_URL = process.env.DATABASE_URL;
const dbName = `e2e_live_${Date.now()}`;
const dbUrl = ADMIN_URL?.replace(/\/[^/]*$/, `/${dbName}`);
const TRANSFERS = '/prescriptions/transfers';
/** How soon a change must show on the other screen: the stream's doing, on a loaded machine. */
const LIVE_MS = 5000;

let admin: pg.Client;
let database: pg.Client;
let serverA: RunningServer;
let serverB: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let pageA: Page;
let pageB: Page;
const latencies: number[] = [];

async function staffPage(server: RunningServer): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, await createStaff());
  return page;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

beforeAll(async () => {
  if (ADMIN_URL && dbUrl) {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    // A first (it seeds the empty database), then B on the same database.
    [serverA, browser] = await Promise.all([startServer({ env: { DATABASE_URL: dbUrl } }), launchBrowser()]);
    serverB = await startServer({ env: { DATABASE_URL: dbUrl } });
    database = new pg.Client({ connectionString: dbUrl });
    await database.connect();
  } else {
    [serverA, browser] = await Promise.all([startServer(), launchBrowser()]);
    serverB = serverA;
  }
  [pageA, pageB] = await Promise.all([staffPage(serverA), staffPage(serverB)]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([serverA?.stop(), serverB !== serverA ? serverB?.stop() : undefined]);
  await database?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin?.end();
  if (latencies.length > 0) {
    console.log(
      `live e2e: ${latencies.length} changes seen in the other browser, median ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${Math.max(...latencies)} ms`,
    );
  }
});

it('status changes made by one person show on the other screen live (no reload)', { timeout: 120_000 }, async () => {
  const transfers = await api<Transfer[]>(pageA, serverA.baseUrl, '/admin/transfers');
  const target = transfers.find((t) => t.status === 'active')!;
  await Promise.all([
    openRecord(pageA, serverA.baseUrl, TRANSFERS, target.transfer_id),
    openRecord(pageB, serverB.baseUrl, TRANSFERS, target.transfer_id),
  ]);
  const loadsB = await pageB.evaluate(() => performance.getEntriesByType('navigation').length);
  for (let i = 0; i < 46; i++) {
    const [button, expected] = i % 2 === 0 ? ['Mark as Complete', 'completed'] : ['Mark as Incomplete', 'active'];
    await detail(pageA).getByRole('button', { name: button }).click();
    const clicked = Date.now();
    await pageB.waitForFunction(
      (status) => document.querySelector('[data-testid="prescription-detail-status"]')?.textContent?.toLowerCase().includes(status),
      expected,
      { polling: 'raf', timeout: LIVE_MS },
    );
    latencies.push(Date.now() - clicked);
    // The next click needs A's own button back (its change is queued, not necessarily sent).
    await detail(pageA).getByRole('button', { name: i % 2 === 0 ? 'Mark as Incomplete' : 'Mark as Complete' }).waitFor();
  }
  expect((await detailStatus(pageB))?.toLowerCase()).toContain('active');
  // Same document all along: no reload brought the changes.
  expect(await pageB.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loadsB);
});

it('cancellations made by one person leave the other calendar live', { timeout: 60_000 }, async () => {
  const today = pharmacyToday(await pharmacyZone(serverA.baseUrl));
  const all = await appointments(pageA, serverA.baseUrl);
  const targets = all
    .filter((a: Appointment) => a.status === 'scheduled' && a.appointment_type !== 'Blocked' && a.date > today)
    .sort((x, y) => `${x.date}${x.start_time}`.localeCompare(`${y.date}${y.start_time}`))
    .slice(0, 2);
  expect(targets).toHaveLength(2);
  await Promise.all([pageA.goto(`${serverA.baseUrl}${CALENDAR}`), pageB.goto(`${serverB.baseUrl}${CALENDAR}`)]);
  for (const target of targets) {
    await Promise.all([showDate(pageA, target.date), showDate(pageB, target.date)]);
    await calendarEvent(pageB, target.appointment_id).waitFor();
    await calendarEvent(pageA, target.appointment_id).click();
    await modal(pageA).getByRole('button', { name: 'Cancel Appointment' }).click();
    await pageA.getByRole('dialog', { name: 'Are you sure you want to cancel this appointment?' }).getByRole('button', { name: 'Confirm' }).click();
    const confirmed = Date.now();
    await calendarEvent(pageB, target.appointment_id).waitFor({ state: 'detached', timeout: LIVE_MS });
    latencies.push(Date.now() - confirmed);
  }
});

it('replies sent by one person show on the other screen live; every one of the 50 changes within the bound', { timeout: 60_000 }, async () => {
  const inquiries = await api<Inquiry[]>(pageA, serverA.baseUrl, '/admin/inquiries');
  const targets = inquiries.filter((q) => !q.resolved && !q.replied).slice(0, 2);
  expect(targets).toHaveLength(2);
  for (const [index, target] of targets.entries()) {
    const opened = (page: Page, server: RunningServer) =>
      page.goto(`${server.baseUrl}/messages?id=${target.message_id}`).then(() =>
        page.locator(`[data-testid="inquiry-detail"][data-record-key="${target.message_id}"]`).waitFor(),
      );
    await Promise.all([opened(pageA, serverA), opened(pageB, serverB)]);
    const text = `Live reply ${index + 1}: your prescription is ready for pickup.`;
    await pageA.getByTestId('inquiry-detail').getByPlaceholder('Write your reply...').fill(text);
    await pageA.getByTestId('inquiry-detail').getByRole('button', { name: 'Send Reply' }).click();
    const sent = Date.now();
    await pageB.getByTestId('inquiry-detail').getByTestId('inquiry-reply').getByText(text).waitFor({ timeout: LIVE_MS });
    latencies.push(Date.now() - sent);
  }
  expect(latencies).toHaveLength(50);
  expect(Math.max(...latencies), `slowest of ${latencies.length} changes`).toBeLessThan(LIVE_MS);
});

it.skipIf(!ADMIN_URL)("a transfer written straight into the database shows in the list and as 'New transfer request!', live", async () => {
  await pageB.goto(`${serverB.baseUrl}${TRANSFERS}`);
  await pageB.getByTestId('prescription-row').first().waitFor();
  const bell = pageB.getByRole('button', { name: 'Notifications' });
  // Nothing new since this person signed in.
  await bell.click();
  await pageB.getByText('No new notifications', { exact: true }).waitFor();
  await pageB.keyboard.press('Escape');

  const inserted = Date.now();
  const {
    rows: [created],
  } = await database.query<{ transfer_id: number }>(
    `INSERT INTO transfers (first_name, last_name, phone_number, email, date_of_birth, postal_code, pharmacy_name, pharmacy_number, status)
     VALUES ('Imogen', 'Arrival', '416-555-0142', 'imogen.arrival@example.test', '1979-04-02', 'M4C 1B5', 'Danforth Drugs', '416-555-0100', 'active')
     RETURNING transfer_id`,
  );
  const id = created!.transfer_id;
  await row(pageB, id).waitFor({ timeout: LIVE_MS });
  const inList = Date.now() - inserted;
  await pageB.getByTestId('notifications-count').getByText('1', { exact: true }).waitFor({ timeout: Math.max(1, LIVE_MS - inList) });
  const onBell = Date.now() - inserted;
  // The count drawn on the bell is part of its name (WCAG 2.5.3): axe finds nothing on the page.
  expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 new');
  await checkA11y(pageB, { tags: WCAG_AA_TAGS, failOn: EVERY_IMPACT });

  await bell.click();
  const item = pageB.getByRole('link', { name: /New transfer request!/ });
  await item.waitFor();
  expect(await item.textContent()).toContain('Imogen Arrival');
  await item.click();
  await pageB.waitForURL((url) => url.pathname === TRANSFERS && url.searchParams.get('id') === String(id));
  await detail(pageB).getByText('Imogen', { exact: false }).first().waitFor();
  // Opened: seen on this device.
  expect(await pageB.getByTestId('notifications-count').getByText('1', { exact: true }).count()).toBe(0);
  await bell.click();
  await pageB.getByText('No new notifications', { exact: true }).waitFor();
  await pageB.keyboard.press('Escape');
  console.log(`live e2e: inserted transfer in the list after ${inList} ms, on the bell after ${onBell} ms`);
});
