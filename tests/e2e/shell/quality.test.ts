import { mkdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../support/a11y';
import { ADMIN } from '../support/accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, TABLET, watchProblems } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn } from '../support/sign-in';

const SHOTS = '/tmp/shots';
/** Budget for the JavaScript the browser runs to paint /login (gzip). */
const LOGIN_JS_BUDGET_KB = 150;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Let transitions end before a scan or a screenshot.
  await page.waitForTimeout(300);
}

describe('accessibility (DESIGN 5: no serious axe-core violations)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`/login and the shell on ${label}`, async () => {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
      await settle(page);
      await checkA11y(page);

      await signIn(page, server.baseUrl, ADMIN);
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await settle(page);
      await checkA11y(page);

      // With the dropdowns open: their markup is checked too.
      const opener = label === 'desktop' ? 'Prescriptions' : 'Open navigation';
      await page.getByRole('button', { name: opener }).click();
      await page.getByRole('menu', { name: opener }).waitFor();
      await page.waitForTimeout(200);
      await checkA11y(page);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications' }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      await page.waitForTimeout(200);
      await checkA11y(page);
      await context.close();
    });
  }
});

describe('content security policy', () => {
  it("holds script-src 'self' and the app runs without a violation", async () => {
    const response = await fetch(`${server.baseUrl}/login`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toMatch(/object-src 'none'/);

    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.baseUrl}/login`);
    await signIn(page, server.baseUrl, ADMIN);
    for (const path of ['/prescriptions/transfers', '/appointments/calendar-view-page', '/messages', '/users']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    }
    await settle(page);
    expect(problems.csp).toEqual([]);
    await context.close();
  });
});

describe('installable', () => {
  it('serves the manifest as it is, with icons that load', async () => {
    const page = await (await fetch(`${server.baseUrl}/login`)).text();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(page).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const response = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      start_url: string;
      scope: string;
      display: string;
      icons: Array<{ src: string; sizes: string; purpose?: string; type: string }>;
    };
    expect(manifest).toMatchObject({ start_url: '/dashboard', scope: '/', display: 'standalone' });
    const wanted = ['192x192 any', '512x512 any', '512x512 maskable'];
    expect(wanted.every((w) => manifest.icons.some((i) => `${i.sizes} ${i.purpose ?? 'any'}` === w))).toBe(true);
    for (const icon of manifest.icons) {
      const image = await fetch(`${server.baseUrl}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toContain(icon.type);
    }
  });
});

describe('weight and looks', () => {
  it('/login paints with little JavaScript (no Firebase, no toasts, no calendar)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // What may load after the first paint is held back: the form must appear without it.
    const deferred = /\/assets\/(firebase-auth|toast-outlet)-/;
    await page.route(deferred, (route) => route.abort());
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
    });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await settle(page);
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
    const files = [...scripts].sort((a, b) => b[1] - a[1]).map(([path, size]) => `${path.replace('/assets/', '')} ${(size / 1024).toFixed(1)}`);
    console.log(`/login paints with ${total.toFixed(1)} KB of JavaScript (gzip, ${scripts.size} files): ${files.join(', ')}`);
    expect(total).toBeLessThan(LOGIN_JS_BUDGET_KB);
    expect([...scripts.keys()].filter((path) => /calendar|dexie|firebase/i.test(path))).toEqual([]);
    await context.close();
  });

  it('takes screenshots of /login and /dashboard at 390, 820 and 1280', async () => {
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/login-${viewport.width}.png` });
      await signIn(page, server.baseUrl, ADMIN);
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/dashboard-${viewport.width}.png` });
      await context.close();
    }
  });
});
