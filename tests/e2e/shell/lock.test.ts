// The shared counter tablet's lock (issue 18 §2), in Chromium against the real server with a
// short IDLE_LOCK_AFTER: no patient text stays in the page, the screen comes back as it was (the
// inquiry, its half-typed reply), the same person unlocks online or offline, "Not you?" and five
// wrong passwords sign out with the queue kept.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../../src/shared/entities';
import { launchBrowser, newContext, waitForServiceWorkerControl } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn, storedToken } from '../support/sign-in';
import { createStaff, type StaffAccount } from '../support/staff';
import { api, detail, openRecord, outboxEntries, unsentCount } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { IDLE_LOCK_AFTER: '6s' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const lockScreen = (page: Page) => page.getByTestId('lock-screen');

/** Changes still unsent on the device, read from its database (the sign-in screen shows no count). */
async function queuedChanges(page: Page): Promise<number> {
  return (await outboxEntries(page)).filter((entry) => entry.state !== 'sent').length;
}

async function signedIn(context: BrowserContext, staff: StaffAccount): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, server.baseUrl, staff);
  return page;
}

async function lockNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Admin Authenticated' }).click();
  await page.getByRole('menuitem', { name: 'Lock now' }).click();
  await lockScreen(page).waitFor();
}

async function unlock(page: Page, password: string): Promise<void> {
  await lockScreen(page).getByLabel(/^Password/).fill(password);
  await lockScreen(page).getByRole('button', { name: 'Unlock' }).click();
}

describe('the idle lock', () => {
  it('locks every tab after the idle time, leaves no patient text in the page, and brings back the half-typed reply', async () => {
    const staff = await createStaff();
    const context = await newContext(browser);
    const page = await signedIn(context, staff);
    const inquiry = (await api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries')).find((q) => !q.replied && q.first_name && q.email)!;
    await page.goto(`${server.baseUrl}/messages?id=${inquiry.message_id}`);
    const box = page.getByTestId('inquiry-reply-input');
    await box.fill('Half a reply, kept through the lock');
    const other = await context.newPage();
    await other.goto(`${server.baseUrl}/prescriptions/transfers`);

    // No input anywhere for the idle time: both tabs lock.
    await lockScreen(page).waitFor({ timeout: 30_000 });
    await lockScreen(other).waitFor({ timeout: 30_000 });
    const text = await page.evaluate(() => document.body.innerText + document.title);
    for (const secret of [inquiry.first_name!, inquiry.last_name!, inquiry.email!, inquiry.message.slice(0, 20)]) {
      expect(text).not.toContain(secret);
    }
    expect(await page.getByTestId('inquiry-reply-input').count()).toBe(0);

    await unlock(page, staff.password);
    // The box shows first, then the text it reads back from the device.
    await waitFor('the half-typed reply back in its box', async () => (await box.inputValue()) === 'Half a reply, kept through the lock', {
      timeout: 10_000,
    });
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(inquiry.message_id));
    // The other tab unlocks with it.
    await lockScreen(other).waitFor({ state: 'detached' });
    await context.close();
  });

  it('unlocks offline against the slow hash made at sign-in; a wrong password is refused', async () => {
    const staff = await createStaff();
    const context = await newContext(browser, { withServiceWorker: true });
    const page = await signedIn(context, staff);
    await page.goto(`${server.baseUrl}/prescriptions/transfers`);
    await waitForServiceWorkerControl(page);
    // The list is on the device before the network goes (the first sync is not what is tried here).
    await page.getByTestId('prescription-row').first().waitFor();
    await context.setOffline(true);
    await lockNow(page);
    await unlock(page, 'not-the-password');
    await page.getByTestId('unlock-problem').getByText(/not right/).waitFor({ timeout: 60_000 });
    await unlock(page, staff.password);
    await lockScreen(page).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('prescription-row').first().waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('"Not you?" and five wrong passwords sign out, the person\'s queued change kept', async () => {
    const staff = await createStaff();
    const context = await newContext(browser);
    const page = await signedIn(context, staff);
    const transfer = (await api<{ transfer_id: number; status: string }[]>(page, server.baseUrl, '/admin/transfers')).find(
      (t) => t.status === 'active',
    )!;
    await openRecord(page, server.baseUrl, '/prescriptions/transfers', transfer.transfer_id);
    await context.setOffline(true);
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await waitFor('the queued change', async () => (await unsentCount(page)) === 1);

    // Offline the wrong passwords are checked against the slow hash, one after another.
    await lockNow(page);
    for (let i = 0; i < 4; i += 1) {
      await unlock(page, `wrong-${i}`);
      await lockScreen(page).getByText(new RegExp(`${4 - i === 1 ? 'One more try' : `${4 - i} more tries`}`)).waitFor({ timeout: 60_000 });
    }
    await unlock(page, 'wrong-4');
    await page.getByRole('heading', { name: 'Greetings,' }).waitFor({ timeout: 60_000 });
    // Kept for this person's next sign-in: not wiped, still queued.
    expect(await queuedChanges(page)).toBe(1);
    expect(await page.getByTestId('access-notice').count()).toBe(0);
    await context.close();
  });
});

describe('sessions end', () => {
  it('a sign-in older than SESSION_MAX_AGE is refused: the sign-in screen says so, the queue is kept', { timeout: 120_000 }, async () => {
    const shortLived = await startServer({ env: { SESSION_MAX_AGE: '20s' } });
    try {
      const staff = await createStaff();
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, shortLived.baseUrl, staff);
      const transfer = (await api<{ transfer_id: number; status: string }[]>(page, shortLived.baseUrl, '/admin/transfers')).find(
        (t) => t.status === 'active',
      )!;
      await openRecord(page, shortLived.baseUrl, '/prescriptions/transfers', transfer.transfer_id);
      await context.setOffline(true);
      await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
      await waitFor('the queued change', async () => (await unsentCount(page)) === 1);
      // Back online after the session's age: the queue's call is refused, the session is asked
      // again and ends, and the person signs in again; what they queued waits for them.
      const token = await storedToken(page);
      await waitFor(
        'the server to refuse the sign-in as too old',
        async () => (await fetch(`${shortLived.baseUrl}/nodejsapp/api/role`, { headers: { Authorization: `Bearer ${token}` } })).status === 401,
        { timeout: 90_000, interval: 2000 },
      );
      await context.setOffline(false);
      await page.getByTestId('session-ended-notice').waitFor({ timeout: 60_000 });
      expect(await queuedChanges(page)).toBe(1);
      await signIn(page, shortLived.baseUrl, staff, { waitFor: null });
      await waitFor('the queued change to be sent', async () => (await unsentCount(page)) === 0, { timeout: 30_000 });
      await context.close();
    } finally {
      await shortLived.stop();
    }
  });
});
