// A repeat visit on a signed-in device paints from the device's cache at once and checks the
// session and the role in the background (issue 9: "a cached visit must not wait on the
// network"). With every answer from the server and the identity service held back, the cached
// list is on screen before any of them has come; the checks still run, and a verdict against
// the account still ends the admission.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detail, openRecord, outboxCount, rows } from '../prescriptions/helpers';
import { launchBrowser, networkQuiet, newContext } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { createStaff, revokeWithCli, type StaffAccount } from '../support/staff';
import { waitFor } from '../../support/wait-for';

const TRANSFERS = '/prescriptions/transfers';
/** The second test's network: slow (every answer held this long), not dead. */
const HELD_MS = 2500;
const NETWORK = /\/(nodejsapp\/)?api\/|googleapis\.com\//;

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Holds back every API and identity answer until `released` (the paths asked are in `asked`, in
 * order); `answered` lists the paths whose answers the page has had since.
 */
async function heldNetwork(context: BrowserContext, released: Promise<unknown>) {
  const asked: string[] = [];
  const answered: string[] = [];
  const held = new Set<Request>();
  await context.route(NETWORK, async (route) => {
    held.add(route.request());
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue().catch(() => undefined);
  });
  context.on('requestfinished', (request) => {
    if (held.has(request)) answered.push(new URL(request.url()).pathname);
  });
  return { asked, answered };
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
    let release = () => {};
    const { asked, answered } = await heldNetwork(context, new Promise<void>((resolve) => (release = resolve)));
    const started = Date.now();
    await page.reload();
    // Painted with no answer from the network at all: every one is still held.
    await rows(page).first().waitFor({ timeout: 20_000 });
    console.log(`cached list painted ${Date.now() - started} ms after navigation, every answer held`);
    expect(answered).toEqual([]);
    expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
    // The background check runs (the session restored, then the role asked) and, once it has
    // its answers, the list stays.
    release();
    await waitFor('the role answered', () => asked.some((p) => p.endsWith('/role')) && answered.some((p) => p.endsWith('/role')), {
      timeout: 20_000,
    });
    await networkQuiet(page);
    expect(new URL(page.url()).pathname).toBe(TRANSFERS);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('ends at the sign-in screen when the background check finds the session gone', async () => {
    const { context, page, staff } = await cachedDevice();
    await revokeWithCli(staff.email);
    await heldNetwork(context, new Promise((resolve) => setTimeout(resolve, HELD_MS)));
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('a page left open offline past the offline trust shows no patient data until an online sign-in, the queue kept', async () => {
    const { context, page, staff } = await cachedDevice();
    const target = await rows(page).evaluateAll((els) =>
      Number(els.find((el) => el.getAttribute('data-status') === 'active')?.getAttribute('data-record-key')),
    );
    await openRecord(page, server.baseUrl, TRANSFERS, target);
    await context.setOffline(true);
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await waitFor('the queued change', async () => (await outboxCount(page)) === 1);
    // The role was last verified four days ago (OFFLINE_TRUST is 3 days): the page's next look
    // (every minute, or when it gets the focus) finds the trust gone, and the server out of reach.
    await page.evaluate((uid) => {
      const roles = JSON.parse(localStorage.getItem('verifiedRoles') ?? '{}') as Record<string, { verifiedAt: string }>;
      roles[uid]!.verifiedAt = new Date(Date.now() - 4 * 24 * 3600 * 1000).toISOString();
      localStorage.setItem('verifiedRoles', JSON.stringify(roles));
      window.dispatchEvent(new Event('focus'));
    }, staff.uid);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    expect(await page.getByTestId('session-ended-notice').textContent()).toContain('offline too long');
    expect(await rows(page).count()).toBe(0);
    // Not wiped: the same person signs in online and finds their change still queued.
    expect(await outboxCount(page)).toBe(1);
    await context.close();
  });
});
