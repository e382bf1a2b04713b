import type { Page } from 'playwright-core';
import { ADMIN_TOKEN_KEY } from '../../../src/shared/constants';
import type { Account } from './accounts';

export interface SignInOptions {
  /** Wait until this path is shown; null to return right after submitting. */
  waitFor?: string | null;
}

/** Fills the sign-in form (spec "Sign-in") and submits it. */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: Account,
  { waitFor = '/dashboard' }: SignInOptions = {},
): Promise<void> {
  if (!page.url().startsWith(`${baseUrl}/login`)) await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (waitFor) await page.waitForURL((url) => url.pathname === waitFor, { timeout: 30_000 });
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
}

/**
 * Logout ends in a full load of /login (nothing of the session stays in memory). Waits for that
 * fresh document, not the guard's quicker in-app redirect, so later evaluations are not cut off.
 */
export async function logoutThrough(page: Page, clickLogout: () => Promise<void>): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { beforeLogout?: boolean }).beforeLogout = true;
  });
  await clickLogout();
  await page.waitForFunction(
    () => !(window as unknown as { beforeLogout?: boolean }).beforeLogout && location.pathname === '/login',
    undefined,
    { timeout: 30_000 },
  );
  await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
}
