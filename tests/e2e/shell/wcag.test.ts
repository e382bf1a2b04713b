// Issue 20, item 1: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules finds no violation, of any
// impact, on every route at phone, tablet and desktop widths, with the menus, dialogs, the
// confirm and a toast open in turn. The app offers one colour scheme (light). The test prints
// what it scanned.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, EVERY_IMPACT, WCAG_AA_TAGS } from '../support/a11y';
import { ADMIN } from '../support/accounts';
import { animationsDone, DESKTOP, launchBrowser, navigateInApp, networkQuiet, newContext, PHONE, TABLET } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { api, rows } from '../prescriptions/helpers';
import { firstCalendarEvent } from '../appointments/helpers';

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Each list's address and its title (what shows the list is drawn, not the one before it). */
const LISTS = [
  ['/prescriptions/transfers', 'Transfers'],
  ['/prescriptions/refills-and-renewals', 'Refills and Renewals'],
  ['/prescriptions/autofill', 'Patients Enrolled in Autofill Service'],
  ['/prescriptions/refill-reminders', 'Patients Enrolled in Refill Reminders'],
  ['/prescriptions/new-prescriptions', 'New Prescriptions'],
] as const;

interface Scan {
  scanned: string[];
  failures: string[];
}

/** Scans the page as it is now, noting what was scanned and any violation (without stopping). */
async function scan(page: Page, what: string, into: Scan): Promise<void> {
  // The app reads its cache: a short quiet is enough (each scan's own run takes longer).
  await networkQuiet(page, 200);
  await animationsDone(page);
  into.scanned.push(what);
  try {
    await checkA11y(page, { tags: WCAG_AA_TAGS, failOn: EVERY_IMPACT });
  } catch (error) {
    into.failures.push(`${what}: ${(error as Error).message}`);
  }
}

describe('WCAG 2.2 AA (axe-core, every impact)', () => {
  for (const [label, viewport] of [
    ['390 px', PHONE],
    ['820 px', TABLET],
    ['1280 px', DESKTOP],
  ] as const) {
    it(`every route and its open states at ${label}`, { timeout: 240_000 }, async () => {
      const found: Scan = { scanned: [], failures: [] };
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      const at = (what: string) => `${label} ${what}`;

      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
      await scan(page, at('/login'), found);
      await signIn(page, server.baseUrl, ADMIN);
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await scan(page, at('/dashboard'), found);

      // The navigation's menus, the notifications and the user menu, open in turn.
      const opener = viewport === DESKTOP ? 'Prescriptions' : 'Open navigation';
      await page.getByRole('button', { name: opener }).click();
      await page.getByRole('menu', { name: opener }).waitFor();
      await scan(page, at('/dashboard, navigation menu open'), found);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications' }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      await scan(page, at('/dashboard, notifications open'), found);
      await page.keyboard.press('Escape');

      // From here on the screens are reached inside the app (one page load, as staff go), each
      // waited for by something only it shows.
      for (const [list, title] of LISTS) {
        await navigateInApp(page, list);
        await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
        await rows(page).first().waitFor();
        await scan(page, at(list), found);
        await rows(page).first().click();
        await scan(page, at(`${list}, a record open`), found);
      }
      // The confirm dialog (Flag asks first).
      await navigateInApp(page, '/prescriptions/transfers');
      await page.getByRole('heading', { level: 1, name: 'Transfers', exact: true }).waitFor();
      await rows(page).first().click();
      await page.getByRole('button', { name: /^(Flag|Unflag)$/ }).first().click();
      await page.getByRole('button', { name: 'Confirm' }).waitFor();
      await scan(page, at('/prescriptions/transfers, the confirm open'), found);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await navigateInApp(page, '/appointments/calendar-view-page');
      await firstCalendarEvent(page);
      await scan(page, at('/appointments/calendar-view-page'), found);
      await page.locator('.fc-event').first().click();
      await page.getByRole('dialog').waitFor();
      await scan(page, at('/appointments/calendar-view-page, the appointment modal open'), found);
      await page.keyboard.press('Escape');
      await navigateInApp(page, '/appointments/manage-availabilities-page');
      await page.getByRole('button', { name: 'Finalize Availabilities' }).waitFor();
      await firstCalendarEvent(page);
      await scan(page, at('/appointments/manage-availabilities-page'), found);
      await page.getByRole('button', { name: 'Finalize Availabilities' }).click();
      await page.getByText('Please select a valid date and time range.').waitFor();
      await scan(page, at('/appointments/manage-availabilities-page, a toast open'), found);
      await navigateInApp(page, '/appointments/list-view-page');
      await page.getByTestId('appointment-card').first().waitFor();
      await scan(page, at('/appointments/list-view-page'), found);

      const inquiries = await api<{ message_id: number }[]>(page, server.baseUrl, '/admin/inquiries');
      await navigateInApp(page, '/messages');
      await page.getByTestId('inquiry-row').first().waitFor();
      await scan(page, at('/messages'), found);
      await navigateInApp(page, `/messages?id=${inquiries[0]!.message_id}`);
      await page.getByTestId('inquiry-detail').waitFor();
      await scan(page, at('/messages?id={id}, an inquiry open'), found);
      await navigateInApp(page, `/messages/${inquiries[0]!.message_id}`);
      await page.getByTestId('guest-info').waitFor();
      await page.getByText('User said:', { exact: true }).waitFor();
      await scan(page, at('/messages/{id}, guest info'), found);

      const users = await api<{ user_id: number }[]>(page, server.baseUrl, '/admin/users');
      await navigateInApp(page, '/users');
      await page.getByRole('link', { name: 'View Details' }).first().waitFor();
      await scan(page, at('/users'), found);
      await navigateInApp(page, `/users/${users[0]!.user_id}`);
      await page.getByTestId('user-detail').waitFor();
      await scan(page, at('/users/{id}'), found);

      await navigateInApp(page, '/access-log');
      await page.getByRole('heading', { name: 'Access Log' }).waitFor();
      await scan(page, at('/access-log'), found);

      // The user menu (in the navigation menu below desktop width), then the lock screen it offers.
      await page.getByRole('button', { name: viewport === DESKTOP ? 'Admin Authenticated' : 'Open navigation' }).click();
      await page.getByRole('menuitem', { name: 'Lock now' }).waitFor();
      await scan(page, at('/access-log, the user menu open'), found);
      await page.getByRole('menuitem', { name: 'Lock now' }).click();
      await page.getByRole('button', { name: 'Unlock' }).waitFor();
      await scan(page, at('the lock screen'), found);

      console.log(`WCAG 2.2 AA scans (${found.scanned.length}):\n  ${found.scanned.join('\n  ')}`);
      await context.close();
      expect(found.failures).toEqual([]);
    });
  }
});
