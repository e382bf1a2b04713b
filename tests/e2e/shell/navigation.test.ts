import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, PHONE, watchProblems } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { logoutThrough, signIn, storedToken } from '../support/sign-in';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
});

function nav(target: Page = page): Locator {
  return target.getByRole('navigation', { name: 'Main' });
}

/** Every route of spec section 2 inside the layout; the heading where the spec gives one. */
const ROUTES: Array<[path: string, heading: string | null]> = [
  ['/dashboard', 'Admin Dashboard'],
  ['/appointments/calendar-view-page', 'Appointments Dashboard'],
  ['/appointments/manage-availabilities-page', 'Block/Unblock Availabilities'],
  ['/appointments/list-view-page', 'Appointments'],
  ['/users', 'Search Users'],
  ['/users/1', null],
  ['/prescriptions/transfers', null],
  ['/prescriptions/refills-and-renewals', null],
  ['/prescriptions/autofill', null],
  ['/prescriptions/refill-reminders', null],
  ['/prescriptions/new-prescriptions', null],
  ['/messages', null],
  ['/messages/1', null],
];

describe('routes (spec section 2)', () => {
  it('/ goes to /dashboard', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  for (const [path, heading] of ROUTES) {
    it(`${path} opens inside the layout${heading ? ` with '${heading}'` : ''}`, async () => {
      await page.goto(`${server.baseUrl}${path}`);
      await nav().waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      if (heading) await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(await page.getByText('Page not found').count()).toBe(0);
    });
  }

  it('an unknown path shows a not-found page inside the layout', async () => {
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await nav().isVisible()).toBe(true);
  });

  it('survives unusable search params (they fall back to the defaults)', async () => {
    const problems = watchProblems(page);
    await page.goto(`${server.baseUrl}/prescriptions/transfers?id=abc&filter=bogus`);
    await nav().waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
    expect(problems.errors.filter((text) => /search|validate/i.test(text))).toEqual([]);
  });
});

async function underlined(item: Locator): Promise<boolean> {
  return item.evaluate((el) => {
    const style = getComputedStyle(el);
    return style.textDecorationLine.includes('underline') && style.textDecorationColor !== 'rgba(0, 0, 0, 0)';
  });
}

describe('navigation bar (spec 2 "Navigation bar")', () => {
  it('underlines the active item by path prefix', async () => {
    const home = nav().getByRole('link', { name: 'Home', exact: true });
    const prescriptions = nav().getByRole('button', { name: 'Prescriptions' });
    const appointments = nav().getByRole('link', { name: 'Appointments', exact: true });
    const messages = nav().getByRole('link', { name: 'Messages', exact: true });
    const cases: Array<[string, Locator | null]> = [
      ['/dashboard', home],
      ['/prescriptions/refills-and-renewals', prescriptions],
      ['/appointments/list-view-page', appointments],
      ['/appointments/manage-availabilities-page', appointments],
      ['/messages/1', messages],
      ['/users', null],
    ];
    for (const [path, active] of cases) {
      await page.goto(`${server.baseUrl}${path}`);
      await nav().waitFor();
      for (const item of [home, prescriptions, appointments, messages]) {
        const expected = item === active;
        expect(await underlined(item), `${path}: ${await item.textContent()}`).toBe(expected);
      }
    }
    await page.goto(`${server.baseUrl}/appointments/list-view-page`);
    expect(await appointments.getAttribute('aria-current')).toBe('page');
  });

  it('the Prescriptions dropdown navigates to its four pages and closes on an outside click', async () => {
    const targets: Array<[string, string]> = [
      ['Transfers', '/prescriptions/transfers'],
      ['Refills', '/prescriptions/refills-and-renewals'],
      ['Autofill Requests', '/prescriptions/autofill'],
      ['Refill Reminder Requests', '/prescriptions/refill-reminders'],
    ];
    await page.goto(`${server.baseUrl}/dashboard`);
    const trigger = nav().getByRole('button', { name: 'Prescriptions' });
    for (const [label, path] of targets) {
      await trigger.click();
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('menu', { name: 'Prescriptions' }).waitFor({ state: 'hidden' });
    }
    await trigger.click();
    const menu = page.getByRole('menu', { name: 'Prescriptions' });
    await menu.waitFor();
    await page.mouse.click(640, 600);
    await menu.waitFor({ state: 'hidden' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it("the notifications dropdown says 'No new notifications' when no transfer arrived since sign-in", async () => {
    // Transfers already there at the first sync are not new (tests/e2e/live covers arrivals).
    await page.goto(`${server.baseUrl}/dashboard`);
    await nav().getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('No new notifications', { exact: true }).waitFor();
    expect(await page.getByText('New transfer request!', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('the user menu is labelled Admin Authenticated and offers Logout', async () => {
    await nav().getByRole('button', { name: 'Admin Authenticated' }).click();
    const menu = page.getByRole('menu', { name: 'Admin Authenticated' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });
});

describe('phone width (390x844)', () => {
  it('puts every link and Logout in the hamburger menu; Logout ends the session', async () => {
    const phone = await newContext(browser, { viewport: PHONE });
    const small = await phone.newPage();
    await signIn(small, server.baseUrl, ADMIN);
    expect(await nav(small).getByRole('link', { name: 'Home', exact: true }).isVisible()).toBe(false);
    const burger = nav(small).getByRole('button', { name: 'Open navigation' });
    await burger.click();
    for (const label of [
      'Home',
      'Transfers',
      'Refills',
      'Autofill Requests',
      'Refill Reminder Requests',
      'Appointments',
      'Messages',
      'Logout',
    ]) {
      // The menu opens on the next render: under load (the first sync runs after sign-in) that
      // may be a few frames after the click, so each item is waited for, not sampled once.
      await small.getByRole('menuitem', { name: label, exact: true }).waitFor({ state: 'visible', timeout: 5000 });
    }
    await small.getByRole('menuitem', { name: 'Appointments', exact: true }).click();
    await small.waitForURL((url) => url.pathname === '/appointments/calendar-view-page');
    await small.getByRole('menu', { name: 'Open navigation' }).waitFor({ state: 'hidden' });
    await nav(small).waitFor();
    // Nothing of the bar spills past the screen.
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await logoutThrough(small, async () => {
      await burger.click();
      await small.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    });
    expect(await storedToken(small)).toBeNull();
    await phone.close();
  });
});
