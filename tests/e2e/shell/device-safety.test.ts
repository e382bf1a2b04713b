// What keeps the device safe and honest (issue 10, items 6 to 9), in Chromium against the real
// server: a change too old to replay waits for a person; an account that loses its access has
// the device wiped and is told, while an expired session offline keeps the data; a question
// and its toast need no chunk that could fail to load; an app update waits for the queue.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/shared/constants';
import type { Transfer } from '../../../src/shared/entities';
import { dumpDeviceData } from '../prescriptions/device-data';
import { detail, detailStatus, openRecord, rows, unsentCount, waitUntil } from '../prescriptions/helpers';
import { launchBrowser, newContext, waitForServiceWorkerControl } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn, storedToken } from '../support/sign-in';
import { createStaff, disableAccount, revokeWithCli, type StaffAccount } from '../support/staff';

const TRANSFERS = '/prescriptions/transfers';
const DAY_MS = 24 * 60 * 60 * 1000;

let server: RunningServer;
let browser: Browser;
let distCopy: string;

beforeAll(async () => {
  // The server serves a copy of the build, so one test can publish a changed service worker.
  distCopy = await mkdtemp(path.join(tmpdir(), 'pharmacy-dist-'));
  await cp(path.resolve('dist'), distCopy, { recursive: true });
  [server, browser] = await Promise.all([startServer({ env: { DIST_DIR: distCopy } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(distCopy, { recursive: true, force: true });
});

async function serverTransfers(page: Page): Promise<Transfer[]> {
  const response = await fetch(`${server.baseUrl}${API_BASE}/admin/transfers`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Transfer[];
}

async function signedInOnTransfers(context: BrowserContext, staff: StaffAccount): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, server.baseUrl, staff);
  await page.goto(`${server.baseUrl}${TRANSFERS}`);
  await rows(page).first().waitFor();
  return page;
}

async function underServiceWorker(page: Page): Promise<void> {
  await waitForServiceWorkerControl(page);
}

const patientRecords = async (page: Page) =>
  (await dumpDeviceData(page)).records.filter((record) => record.startsWith('pharmacy-offline/'));

describe('a change older than the server keeps its key (item 6)', () => {
  it('is not replayed: it waits for a person, and Redo sends it under a new key', async () => {
    const staff = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, server.baseUrl, staff);
    const target = (await serverTransfers(page)).find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await context.setOffline(true);
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await waitUntil(async () => (await unsentCount(page)) === 1, 10_000, 'the queued change');

    // The tablet stays offline for 31 days; the server keeps keys 30.
    await page.clock.setSystemTime(Date.now() + 31 * DAY_MS);
    await context.setOffline(false);
    await page.getByTestId('prescription-conflict').getByText('Saved on this device too long ago to send safely.').waitFor();
    await page.waitForTimeout(2000);
    expect((await serverTransfers(page)).find((t) => t.transfer_id === target.transfer_id)?.status).toBe('active');
    expect(await unsentCount(page)).toBe(1);

    await page.getByTestId('unsent-changes-button').click();
    const entry = page.getByTestId('unsent-entry');
    await entry.getByText(/Too old to send safely \(the server remembers a change for 30 days\)/).waitFor();
    await entry.getByRole('button', { name: 'Redo' }).click();
    await waitUntil(async () => (await unsentCount(page)) === 0, 30_000, 'the redone change to be sent');
    expect((await serverTransfers(page)).find((t) => t.transfer_id === target.transfer_id)?.status).toBe('completed');
    await context.close();
  });
});

describe('the wipe (item 7)', () => {
  it('an account disabled while the app is open: the device is wiped and the person told why', { timeout: 120_000 }, async () => {
    const staff = await createStaff();
    const context = await newContext(browser);
    const page = await signedInOnTransfers(context, staff);
    expect((await patientRecords(page)).length).toBeGreaterThan(0);

    await disableAccount(staff.uid);
    // The app asks the server again whenever it syncs (start, focus, reconnect, every minute); the
    // server learns of the disabled account within its cache of each account's standing (30 s).
    const notice = page.getByTestId('access-notice');
    await waitUntil(
      async () => {
        if (await notice.count()) return true;
        await page.evaluate(() => window.dispatchEvent(new Event('focus'))).catch(() => undefined);
        return false;
      },
      70_000,
      'the wipe notice',
    );
    expect(await notice.textContent()).toContain('no longer has access to the pharmacy back office');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await patientRecords(page)).toEqual([]);
    await context.close();
  });

  it("a role revoked with the admin CLI: the ended session keeps the data; the account's next sign-in wipes it", async () => {
    const staff = await createStaff();
    const context = await newContext(browser);
    const page = await signedInOnTransfers(context, staff);
    await revokeWithCli(staff.email);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
    // A session that ended is not a verdict on the account: the data stays for now.
    expect((await patientRecords(page)).length).toBeGreaterThan(0);

    await signIn(page, server.baseUrl, staff, { waitFor: null });
    await page.getByTestId('access-notice').waitFor({ timeout: 30_000 });
    await page.getByText('Access denied: Admins only.', { exact: true }).waitFor();
    expect(await patientRecords(page)).toEqual([]);
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('offline with an expired token, the same person keeps the cache and the queue', async () => {
    const staff = await createStaff();
    const context = await newContext(browser, { withServiceWorker: true });
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, server.baseUrl, staff);
    const target = (await serverTransfers(page)).find((t) => t.status === 'active')!;
    await page.goto(`${server.baseUrl}${TRANSFERS}`);
    await rows(page).first().waitFor();
    await underServiceWorker(page);
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await context.setOffline(true);
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await waitUntil(async () => (await unsentCount(page)) === 1, 10_000, 'the queued change');

    // Two hours on: the ID token (one hour) has expired and cannot be renewed offline.
    await page.clock.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
    await page.reload();
    await detail(page).waitFor();
    expect(await page.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
    expect((await detailStatus(page))?.toLowerCase()).toContain('completed');
    expect(await unsentCount(page)).toBe(1);
    expect(await page.getByTestId('access-notice').count()).toBe(0);
    expect((await patientRecords(page)).length).toBeGreaterThan(0);

    await context.setOffline(false);
    await waitUntil(async () => (await unsentCount(page)) === 0, 30_000, 'the queue to drain');
    expect((await serverTransfers(page)).find((t) => t.transfer_id === target.transfer_id)?.status).toBe('completed');
    await context.close();
  });
});

describe('questions and toasts (item 8)', () => {
  it('with every later chunk failing to load, Flag still asks the spec question and the toast shows', async () => {
    const staff = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, staff);
    const target = (await serverTransfers(page)).find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    // From now on no script can load: what a question and a toast need must be here already.
    const refused: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    await detail(page).getByRole('button', { name: 'Flag', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to flag this transfer?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Transfer flagged successfully.', { exact: true }).waitFor();
    expect((await serverTransfers(page)).find((t) => t.transfer_id === target.transfer_id)?.status).toBe('flagged');
    expect(refused).toEqual([]);
    await context.close();
  });
});

describe('app updates (item 9)', () => {
  it("says 'A new version is available'; Reload waits while a change is being sent, then loads the new version", async () => {
    const staff = await createStaff();
    const context = await newContext(browser, { withServiceWorker: true });
    const page = await signedInOnTransfers(context, staff);
    await underServiceWorker(page);
    const target = (await serverTransfers(page)).find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);

    // Another tab is sending (it holds the outbox lock), so this tab's change waits in the queue.
    const sender = await context.newPage();
    await sender.goto(`${server.baseUrl}/login`);
    await sender.evaluate(() => {
      void navigator.locks.request(
        'pharmacy-outbox',
        () => new Promise<void>((resolve) => ((window as unknown as { release: () => void }).release = resolve)),
      );
    });
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await waitUntil(async () => (await unsentCount(page)) === 1, 10_000, 'the queued change');

    // A new version of the worker is published; the tab looks for it.
    const swPath = path.join(distCopy, 'sw.js');
    await writeFile(swPath, `${await readFile(swPath, 'utf8')}\n// next version\n`);
    // Its compressed copies are the old version's: the server sends the file itself without them.
    await Promise.all(['br', 'gz'].map((ext) => rm(`${swPath}.${ext}`, { force: true })));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByText('A new version is available').waitFor({ timeout: 30_000 });
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await prompt.getByText(/Reloading once the changes being sent are done/).waitFor();
    await page.waitForTimeout(3000);
    // Still the same page: nothing reloads while a change is being sent.
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
    expect(await unsentCount(page)).toBe(1);

    await sender.evaluate(() => (window as unknown as { release: () => void }).release());
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate, undefined, {
      timeout: 30_000,
    });
    await detail(page).waitFor();
    await waitUntil(async () => (await unsentCount(page)) === 0, 30_000, 'the queue after the update');
    expect((await serverTransfers(page)).find((t) => t.transfer_id === target.transfer_id)?.status).toBe('completed');
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    expect(await prompt.count()).toBe(0);
    await context.close();
  });
});
