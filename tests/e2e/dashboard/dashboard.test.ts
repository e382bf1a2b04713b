// The dashboard (spec section 2 "Dashboard", section 9's counts) in Chromium: every count equals
// the data (the widgets' own server calls included), the New Messages row scrolls sideways under
// the mouse wheel, cards and rows open their records, the app icon's badge follows the unresolved
// inquiries, and offline the dashboard comes from the cache.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry, Transfer } from '../../../src/shared/entities';
import type { AppointmentWidgetItem, PrescriptionWidgetItem } from '../../../src/shared/inquiry-api';
import { checkA11y } from '../support/a11y';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, waitForServiceWorkerControl } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { api } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newContext(browser, { withServiceWorker: true });
  // Headless Chromium has no installed app to badge: record what the app asks for instead.
  await context.addInitScript(() => {
    const record = (count: number) => {
      (window as unknown as { appBadge: number }).appBadge = count;
      return Promise.resolve();
    };
    Object.defineProperty(navigator, 'setAppBadge', { value: (count?: number) => record(count ?? 0), configurable: true });
    Object.defineProperty(navigator, 'clearAppBadge', { value: () => record(0), configurable: true });
  });
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  await waitForServiceWorkerControl(page);
});

afterAll(async () => {
  await context?.setOffline(false);
  await browser?.close();
});

async function count(testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).textContent());
}

interface Expected {
  unresolved: number;
  prescriptions: number;
  upcoming: number;
  transfers: number;
}

async function expected(): Promise<Expected> {
  const [inquiries, prescriptions, upcoming, transfers] = await Promise.all([
    api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries'),
    api<PrescriptionWidgetItem[]>(page, server.baseUrl, '/admin/prescriptions-widget'),
    api<AppointmentWidgetItem[]>(page, server.baseUrl, '/admin/appointments-widget'),
    api<Transfer[]>(page, server.baseUrl, '/admin/transfers'),
  ]);
  return {
    unresolved: inquiries.filter((q) => !q.resolved).length,
    prescriptions: prescriptions.filter((p) => p.status === 'active').length,
    upcoming: upcoming.length,
    transfers: transfers.filter((t) => t.status === 'active').length,
  };
}

async function shown(): Promise<Expected> {
  return {
    unresolved: await count('dashboard-messages-count'),
    prescriptions: await count('widget-prescriptions-count'),
    upcoming: await count('widget-upcoming-count'),
    transfers: await count('widget-transfers-count'),
  };
}

async function openDashboard(): Promise<void> {
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.getByTestId('dashboard-message-card').first().waitFor();
  await page.getByTestId('widget-transfers-row').first().waitFor();
}

describe('dashboard', () => {
  it('every count equals the data, the widgets scroll within 18rem, and the mouse wheel scrolls the messages sideways', async () => {
    await openDashboard();
    const want = await expected();
    expect(want.unresolved).toBeGreaterThan(3);
    await waitFor('the counts', async () => JSON.stringify(await shown()) === JSON.stringify(want), { timeout: 15_000 });
    expect(await page.getByTestId('dashboard-message-card').count()).toBe(want.unresolved);
    expect(await page.getByTestId('widget-prescriptions-row').count()).toBe(want.prescriptions);
    expect(await page.getByTestId('widget-upcoming-row').count()).toBe(want.upcoming);
    expect(await page.getByTestId('widget-transfers-row').count()).toBe(want.transfers);
    for (const id of ['widget-prescriptions', 'widget-upcoming', 'widget-transfers']) {
      const height = await page.getByTestId(`${id}-scroll`).evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThanOrEqual(18 * 16 + 1);
      expect(await page.getByTestId(`${id}-count`).evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\((2[0-9]{2}), (\d{1,2}), (\d{1,2})\)$/);
    }

    const strip = page.getByTestId('dashboard-messages-strip');
    const box = (await strip.boundingBox())!;
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    await waitFor('the row to scroll sideways', async () => (await strip.evaluate((el) => el.scrollLeft)) > 0, { timeout: 5_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await checkA11y(page);

    // The installed app's badge says the same as the strip.
    await waitFor('the app badge', async () => (await page.evaluate(() => (window as unknown as { appBadge?: number }).appBadge)) === want.unresolved, { timeout: 10_000 });
  });

  it('a card and a widget row open their records; resolving one lowers the badge and the app icon', async () => {
    await openDashboard();
    const before = await count('dashboard-messages-count');
    const card = page.getByTestId('dashboard-message-card').first();
    await card.click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.has('id'));
    const id = new URL(page.url()).searchParams.get('id');
    await page.getByTestId('inquiry-detail').getByRole('button', { name: 'Mark as Resolved' }).click();
    await waitFor('resolved', async () => (await api<Inquiry[]>(page, server.baseUrl, `/admin/inquiries/${id}`))[0]!.resolved, { timeout: 15_000 });
    await waitFor('the app badge', async () => (await page.evaluate(() => (window as unknown as { appBadge?: number }).appBadge)) === before - 1, { timeout: 10_000 });

    await openDashboard();
    expect(await count('dashboard-messages-count')).toBe(before - 1);
    const row = page.getByTestId('widget-transfers-row').first();
    const name = (await row.locator('p').first().textContent())!;
    await row.click();
    await page.waitForURL((url) => url.pathname === '/prescriptions/transfers' && url.searchParams.has('id'));
    expect(await page.getByTestId('prescription-detail').getByRole('heading', { level: 2 }).textContent()).toBe(name);
  });

  it('offline: the dashboard and its counts come from the cache', async () => {
    await openDashboard();
    const online = await shown();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('widget-transfers-row').first().waitFor();
    expect(await shown()).toEqual(online);
    await context.setOffline(false);
  });
});
