// Offline-first (DESIGN 4): cached lists offline, the service worker's shell, queued changes
// that survive a reload and reach the server once, conflicts in words, and the logout wipe.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/shared/constants';
import type { Transfer } from '../../../src/shared/entities';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, waitForServiceWorkerControl, goOffline, goOnline } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { logoutThrough, signIn } from '../support/sign-in';
import { dumpDeviceData } from './device-data';
import { api, detail, detailStatus, mailbox, openRecord, queuedMailDelivered, row, rows, unsentCount } from './helpers';
import { waitFor } from '../../support/wait-for';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const TRANSFERS = '/prescriptions/transfers';
const transfers = () => api<Transfer[]>(page, server.baseUrl, '/admin/transfers');
const serverStatus = async (id: number) => (await transfers()).find((t) => t.transfer_id === id)?.status;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newContext(browser, { withServiceWorker: true });
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  await page.goto(`${server.baseUrl}${TRANSFERS}`);
  await rows(page).first().waitFor();
  await waitForServiceWorkerControl(page);
});

afterAll(async () => {
  await context?.setOffline(false);
  await browser?.close();
});


describe('offline', () => {
  it('a reload offline opens the cached list through the service worker', async () => {
    const all = await transfers();
    await goOffline(context, page);
    await page.reload();
    await rows(page).first().waitFor();
    await page.getByTestId('offline-banner').getByText(/You are offline/).waitFor();
    await page.getByTestId('prescription-search').fill(all[5]!.first_name);
    await row(page, all[5]!.transfer_id).waitFor();
    await goOnline(context, page);
  });

  it('a change made offline shows at once, survives a reload, and reaches the server once', async () => {
    const target = (await transfers()).find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await goOffline(context, page);
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await detail(page).getByRole('button', { name: 'Mark as Incomplete' }).waitFor();
    expect((await detailStatus(page))?.toLowerCase()).toContain('completed');
    await detail(page).getByTestId('pending-mark').waitFor();
    expect(await unsentCount(page)).toBe(1);

    await page.reload();
    await detail(page).waitFor();
    expect((await detailStatus(page))?.toLowerCase()).toContain('completed');
    await detail(page).getByTestId('pending-mark').waitFor();
    expect(await unsentCount(page)).toBe(1);
    expect(await serverStatus(target.transfer_id)).toBe('active');

    await goOnline(context, page);
    await waitFor('the outbox to drain', async () => (await unsentCount(page)) === 0, { timeout: 30_000 });
    expect(await serverStatus(target.transfer_id)).toBe('completed');
    await detail(page).getByTestId('pending-mark').waitFor({ state: 'detached' });
  });

  it('a double tap queues one change, and says nothing of a second', async () => {
    const target = (await transfers()).find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await goOffline(context, page);
    // Two taps in one task: the button cannot have rendered busy in between.
    await page.evaluate(`(() => {
      const button = [...document.querySelectorAll('[data-testid="prescription-detail"] button')]
        .find((b) => b.textContent.trim() === 'Mark as Complete');
      button.click();
      button.click();
    })()`);
    await detail(page).getByTestId('pending-mark').waitFor();
    await page.locator('[data-alert-kind="info"]').first().waitFor();
    await page.waitForTimeout(300);
    expect(await unsentCount(page)).toBe(1);
    expect(await page.locator('[data-alert-kind="error"]').count()).toBe(0);
    await goOnline(context, page);
    await waitFor('the outbox to drain', async () => (await unsentCount(page)) === 0, { timeout: 30_000 });
    expect(await serverStatus(target.transfer_id)).toBe('completed');
  });

  it('leaving the page while a tapped change is still being written asks first, and no longer once it is written', async () => {
    const target = (await transfers()).find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await goOffline(context, page);
    // The tap and the attempt to leave in one task: the change's transaction cannot have committed.
    const askedWhileWriting = await page.evaluate(`(() => {
      const button = [...document.querySelectorAll('[data-testid="prescription-detail"] button')]
        .find((b) => b.textContent.trim() === 'Mark as Complete');
      button.click();
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      return leaving.defaultPrevented;
    })()`);
    expect(askedWhileWriting).toBe(true);
    await detail(page).getByTestId('pending-mark').waitFor();
    const asksNow = () =>
      page.evaluate(`(() => {
        const leaving = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(leaving);
        return leaving.defaultPrevented;
      })()`);
    await waitFor('the guard to end once the change is written', async () => (await asksNow()) === false, { timeout: 10_000 });
    expect(await unsentCount(page)).toBe(1);
    await goOnline(context, page);
    await waitFor('the outbox to drain', async () => (await unsentCount(page)) === 0, { timeout: 30_000 });
    expect(await serverStatus(target.transfer_id)).toBe('completed');
  });

  it('a notify queued offline sends exactly one email', async () => {
    const target = (await transfers()).find((t) => t.status === 'completed' && t.email)!;
    const before = (await mailbox(server.dataDir)).filter((m) => m.includes(target.email!)).length;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await goOffline(context, page);
    await page.getByTestId('prescription-notify').click();
    await page.getByRole('button', { name: 'Notifying...' }).waitFor();
    // 'Notifying...' shows from the click; the unsent count, once the notify is on the device.
    await waitFor('the notify to be queued', async () => (await unsentCount(page)) === 1, { timeout: 5_000 });
    await page.reload();
    await page.getByRole('button', { name: 'Notifying...' }).waitFor();
    await goOnline(context, page);
    await waitFor('the notify to be sent', async () => (await unsentCount(page)) === 0, { timeout: 30_000 });
    await waitFor(
      'the email',
      async () => (await mailbox(server.dataDir)).filter((m) => m.includes(target.email!)).length === before + 1,
      { timeout: 30_000 },
    );
    await queuedMailDelivered(page, server.baseUrl, server.dataDir, [target.email!]);
    expect((await mailbox(server.dataDir)).filter((m) => m.includes(target.email!)).length).toBe(before + 1);
  });

  it("a change the server now forbids is a conflict in words; the server's state stays", async () => {
    const target = (await transfers()).find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await goOffline(context, page);
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    // The confirm's X has a name (axe button-name: it had none).
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await detail(page).getByRole('button', { name: 'Unflag' }).waitFor();
    // A screen reader is told of the queued change (a polite live region, WCAG 4.1.3).
    const announcement = page.getByTestId('unsent-changes-announcement');
    expect(await announcement.getAttribute('role')).toBe('status');
    await waitFor('the count announced', async () => (await announcement.textContent()) === '1 unsent change', { timeout: 10_000 });
    // Nothing is shown as sent before a 2xx.
    expect(await page.getByText('Transfer flagged successfully.').count()).toBe(0);
    // Meanwhile a colleague completes it.
    await api(page, server.baseUrl, `/admin/transfers/complete/${target.transfer_id}`, { method: 'PUT' });
    await goOnline(context, page);
    const conflict = page.getByTestId('prescription-conflict');
    await conflict.waitFor({ timeout: 30_000 });
    expect(await conflict.textContent()).toMatch(/completed/i);
    expect(await serverStatus(target.transfer_id)).toBe('completed');
    expect((await detailStatus(page))?.toLowerCase()).toContain('completed');

    await page.getByTestId('unsent-changes-button').click();
    const entry = page.getByTestId('unsent-entry');
    await entry.getByRole('button', { name: 'Retry' }).waitFor();
    await entry.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await waitFor('the discard', async () => (await unsentCount(page)) === 0, { timeout: 10_000 });
    await waitFor('the empty queue announced', async () => (await announcement.textContent()) === 'All changes sent', { timeout: 10_000 });
    await conflict.waitFor({ state: 'detached' });
    expect(await serverStatus(target.transfer_id)).toBe('completed');
  });

  it('logout with unsent changes warns, then leaves no patient record on the device', async () => {
    const all = await transfers();
    const target = all.find((t) => t.status === 'active')!;
    await openRecord(page, server.baseUrl, TRANSFERS, target.transfer_id);
    await goOffline(context, page);
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await waitFor('the queued change', async () => (await unsentCount(page)) === 1, { timeout: 10_000 });
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const before = await dumpDeviceData(page);
    expect(before.records.some((r) => r.includes(target.last_name))).toBe(true);

    await page.getByRole('button', { name: /Admin Authenticated/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText(/1 change/).first().waitFor();
    await logoutThrough(page, () => page.getByRole('button', { name: 'Discard and log out' }).click());

    const after = await dumpDeviceData(page);
    const names = new Set(all.flatMap((t) => [t.last_name, t.phone_number, t.postal_code]));
    const leaked = after.records.filter((r) => [...names].some((n) => r.includes(n)));
    expect(leaked).toEqual([]);
    expect(after.cachedUrls.filter((url) => url.includes('/admin/'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await context.setOffline(false);
    // The discarded change never reached the server.
    const response = await fetch(`${server.baseUrl}${API_BASE}/admin/transfers`, { headers: { Authorization: `Bearer ${token}` } });
    const now = (await response.json()) as Transfer[];
    expect(now.find((t) => t.transfer_id === target.transfer_id)?.status).toBe('active');
  });
});
