// A repeat visit on a signed-in device paints from the device's cache at once and checks the
// session and the role in the background (issue 9: "a cached visit must not wait on the
// network"). With every answer from the server and the identity service held back 2.5 s, the
// cached list is on screen well before any of them; the checks still run, and a verdict against
// the account still ends the admission.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../prescriptions/helpers';
import { launchBrowser, newContext } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { createStaff, revokeWithCli, type StaffAccount } from '../support/staff';

const TRANSFERS = '/prescriptions/transfers';
const HELD_MS = 2500;
const NETWORK = /\/(nodejsapp\/)?api\/|googleapis\.com\//;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Holds back every API and identity answer; returns the paths asked, in order. */
async function slowNetwork(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route(NETWORK, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await route.continue().catch(() => undefined);
  });
  return asked;
}

async function cachedDevice(): Promise<{ context: BrowserContext; page: Page; staff: StaffAccount }> {
  const staff = await createStaff();
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, staff);
  await page.goto(`${server.baseUrl}${TRANSFERS}`);
  await rows(page).first().waitFor();
  return { context, page, staff };
}

describe('a repeat visit on a signed-in device', () => {
  it('paints the cached list long before the network answers, and still asks the role', async () => {
    const { context, page } = await cachedDevice();
    const asked = await slowNetwork(context);
    const started = Date.now();
    await page.reload();
    await rows(page).first().waitFor({ timeout: HELD_MS });
    const paintedMs = Date.now() - started;
    console.log(`cached list painted ${paintedMs} ms after navigation with every answer held ${HELD_MS} ms`);
    expect(paintedMs).toBeLessThan(HELD_MS);
    expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
    // The background check runs: the role is asked, and the list stays.
    await expect.poll(() => asked.some((p) => p.endsWith('/role')), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(HELD_MS + 500);
    expect(new URL(page.url()).pathname).toBe(TRANSFERS);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('ends at the sign-in screen when the background check finds the session gone', async () => {
    const { context, page, staff } = await cachedDevice();
    await revokeWithCli(staff.email);
    await slowNetwork(context);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});
