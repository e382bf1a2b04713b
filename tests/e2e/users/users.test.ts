// The users pages (spec section 2 "Users page", "User detail") in Chromium set to a zone far from
// the pharmacy's: name search and status filter against the server's data, the detail with the
// age on the pharmacy's day (birthdays today and 29 February births), a password reset seen in
// the Auth emulator, the patient's own records, and both pages from the cache offline.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '../../../src/client/lib/age';
import { EMULATOR_PROJECT_ID } from '../../../src/server/config';
import type { Inquiry, User } from '../../../src/shared/entities';
import { checkA11y } from '../support/a11y';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, PHONE, waitForServiceWorkerControl } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { api } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';
import { BROWSER_TIME_ZONE, pharmacyToday, pharmacyZone, toast } from '../appointments/helpers';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let users: User[];
let today: string;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newContext(browser, { withServiceWorker: true, timezoneId: BROWSER_TIME_ZONE });
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  // Offline later needs this page under the service worker's control.
  await waitForServiceWorkerControl(page);
  users = await api<User[]>(page, server.baseUrl, '/admin/users');
  today = pharmacyToday(await pharmacyZone(server.baseUrl));
});

afterAll(async () => {
  await context?.setOffline(false);
  await browser?.close();
});

const rows = () => page.getByTestId('user-row');

async function openUsers(): Promise<void> {
  await page.goto(`${server.baseUrl}/users`);
  await rows().first().waitFor();
}

async function rowKeys(): Promise<number[]> {
  // The list is virtualised: the count line says how many match, the rows in view who they are.
  return rows().evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-record-key'))));
}

async function shownCount(): Promise<number> {
  const text = (await page.getByTestId('user-count').textContent()) ?? '';
  return Number(/^([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, '') ?? -1);
}

async function chooseStatus(label: 'All' | 'Active' | 'Inactive'): Promise<void> {
  await page.getByTestId('user-status').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function field(label: string): Promise<string> {
  return page.getByTestId('user-fields').locator(`dt:text-is("${label}") + dd`).innerText();
}

async function oobCodes(email: string): Promise<{ requestType: string }[]> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const response = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/oobCodes`);
  const { oobCodes: codes } = (await response.json()) as { oobCodes: { email: string; requestType: string }[] };
  return codes.filter((code) => code.email === email);
}

describe('users page', () => {
  it('searches first or last name and filters by status, as the data says', async () => {
    await openUsers();
    expect(await page.getByRole('heading', { level: 1, name: 'Search Users' }).isVisible()).toBe(true);
    expect(await shownCount()).toBe(users.length);

    const someone = users.find((u) => u.status === 'inactive')!;
    const byLast = users.filter((u) => `${u.first_name}\n${u.last_name}`.toLowerCase().includes(someone.last_name.toLowerCase())).length;
    await page.getByTestId('user-search').fill(someone.last_name.toUpperCase());
    await waitFor('the last-name search', async () => (await shownCount()) === byLast, { timeout: 10_000 });
    expect(await rowKeys()).toContain(someone.user_id);

    const firstHits = users.filter(
      (u) => u.first_name.toLowerCase().includes(someone.first_name.toLowerCase()) || u.last_name.toLowerCase().includes(someone.first_name.toLowerCase()),
    );
    await page.getByTestId('user-search').fill(someone.first_name.toLowerCase());
    await waitFor('the first-name search', async () => (await shownCount()) === firstHits.length, { timeout: 10_000 });

    await page.getByTestId('user-search').fill('');
    await chooseStatus('Inactive');
    const inactive = users.filter((u) => u.status === 'inactive');
    await waitFor('the Inactive filter', async () => (await shownCount()) === inactive.length, { timeout: 10_000 });
    expect(new Set(await rows().evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))))).toEqual(new Set(['inactive']));
    await chooseStatus('Active');
    await waitFor('the Active filter', async () => (await shownCount()) === users.length - inactive.length, { timeout: 10_000 });
    await chooseStatus('All');

    // Email shown, or N/A when missing; View Details leads to the user.
    const noEmail = users.find((u) => u.email === null)!;
    await page.getByTestId('user-search').fill(noEmail.last_name);
    const row = page.locator(`[data-testid="user-row"][data-record-key="${noEmail.user_id}"]`);
    expect(await row.getByTestId('user-email').textContent()).toBe('N/A');
    await row.getByRole('link', { name: /View Details/ }).click();
    await page.waitForURL(`${server.baseUrl}/users/${noEmail.user_id}`);
    expect(await field('Email')).toBe('N/A');
    await page.getByRole('button', { name: 'Trigger Password Reset' }).click();
    await toast(page, 'No email found for this user.').waitFor();
    await checkA11y(page);
  });

  it("shows the age on the pharmacy's day: a birthday today and a 29 February birth", async () => {
    const birthday = users.find((u) => u.date_of_birth?.slice(5) === today.slice(5) && u.date_of_birth.slice(5) !== '02-29');
    const leap = users.find((u) => u.date_of_birth?.slice(5) === '02-29');
    expect(birthday, 'the demo data has a birthday today').toBeDefined();
    expect(leap, 'the demo data has a 29 February birth').toBeDefined();
    for (const user of [birthday!, leap!]) {
      await page.goto(`${server.baseUrl}/users/${user.user_id}`);
      await page.getByTestId('user-detail').waitFor();
      expect(await field('Date of birth')).toBe(user.date_of_birth);
      expect(await field('Age')).toBe(String(ageOn(user.date_of_birth, today)));
      expect(await field('First name')).toBe(user.first_name);
      expect(await field('Postal code')).toBe(user.postal_code ?? 'N/A');
    }
    // On the birthday itself the year is already counted.
    expect(ageOn(birthday!.date_of_birth, today)).toBe(Number(today.slice(0, 4)) - Number(birthday!.date_of_birth!.slice(0, 4)));
  });

  it('sends a password reset the emulator records, and lists the patient’s own records', async () => {
    const inquiries = await api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries');
    const asker = users.find((u) => u.email && inquiries.some((q) => q.user_id === u.user_id))!;
    const theirs = inquiries.filter((q) => q.user_id === asker.user_id);
    const before = (await oobCodes(asker.email!)).length;

    await page.goto(`${server.baseUrl}/users/${asker.user_id}`);
    await page.getByRole('button', { name: 'Trigger Password Reset' }).click();
    await toast(page, 'Password reset email sent successfully.').waitFor();
    await waitFor('the reset code in the emulator', async () => (await oobCodes(asker.email!)).length === before + 1, { timeout: 10_000 });
    expect((await oobCodes(asker.email!)).at(-1)?.requestType).toBe('PASSWORD_RESET');

    const panel = page.getByTestId('patient-records');
    await panel.getByRole('heading', { name: `Inquiries (${theirs.length})` }).waitFor();
    await panel.getByRole('region', { name: 'Inquiries' }).getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('id') === String(theirs[0]!.message_id));
    await page.getByTestId('inquiry-detail').waitFor();
  });

  it('offline: both pages come from the cache, and the reset button says why it waits', async () => {
    const user = users.find((u) => u.email)!;
    await page.goto(`${server.baseUrl}/users/${user.user_id}`);
    await page.getByTestId('user-detail').waitFor();
    await context.setOffline(true);
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('user-detail').waitFor();
    expect(await field('Last name')).toBe(user.last_name);
    await page.getByTestId('user-password-reset-offline').waitFor();
    const codes = (await oobCodes(user.email!)).length;
    const reset = page.getByRole('button', { name: 'Trigger Password Reset' });
    expect(await reset.getAttribute('aria-disabled')).toBe('true');
    await reset.click({ force: true });
    // Nothing happened: the button stays refused with its reason, no success is claimed, and the
    // emulator (below) recorded no reset.
    expect(await reset.getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('user-password-reset-offline').waitFor();
    expect(await page.getByText('Password reset email sent successfully.').count()).toBe(0);
    expect((await oobCodes(user.email!)).length).toBe(codes);

    await page.getByRole('link', { name: /Back to users/ }).click();
    await rows().first().waitFor();
    expect(await shownCount()).toBe(users.length);
    await checkA11y(page);
    await context.setOffline(false);
  });
});
