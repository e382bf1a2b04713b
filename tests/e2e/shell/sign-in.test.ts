import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PATIENT } from '../support/accounts';
import { launchBrowser, newContext } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { logoutThrough, signIn, storedToken } from '../support/sign-in';
import { waitFor } from '../../support/wait-for';

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function freshPage() {
  const context = await newContext(browser);
  const page = await context.newPage();
  return { context, page };
}

describe('sign-in (spec 2 "Sign-in", 4 "Sign-in", 8)', () => {
  it('shows the spec form and takes the demo admin to /dashboard with the navigation bar', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Greetings,', exact: true }).waitFor();
    expect(await page.getByText('Please Enter Your Credentials', { exact: true }).isVisible()).toBe(true);
    const email = page.getByLabel('Email');
    const password = page.getByLabel(/^Password/);
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.evaluate((el: HTMLInputElement) => el.required)).toBe(true);
    expect(await password.evaluate((el: HTMLInputElement) => el.required && el.type === 'password')).toBe(true);

    await signIn(page, server.baseUrl, ADMIN);
    await page.getByRole('heading', { name: 'Admin Dashboard', exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Appointments', 'Messages']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await nav.getByRole('button', { name: 'Prescriptions' }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Notifications' }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Admin Authenticated' }).isVisible()).toBe(true);
    expect(await nav.getByText('TS', { exact: true }).isVisible()).toBe(true);
    const config = (await (await fetch(`${server.baseUrl}/nodejsapp/api/config`)).json()) as { pharmacyName: string };
    expect(await nav.getByText(config.pharmacyName, { exact: true }).isVisible()).toBe(true);
    // Spec "Auth token": the ID token is kept as adminToken.
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);

    // Already signed in: /login sends the admin on to /dashboard.
    await page.goto(`${server.baseUrl}/login`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it("refuses the patient with 'Access denied: Admins only.' and keeps no adminToken", async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.baseUrl}/login`);
    await signIn(page, server.baseUrl, PATIENT, { waitFor: null });
    await page.getByText('Access denied: Admins only.', { exact: true }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('adminToken') === null);
    expect(new URL(page.url()).pathname).toBe('/login');
    // The guard agrees: the patient cannot reach a page either.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it("says 'Login failed: …' in plain words for a wrong password", async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.baseUrl}/login`);
    await signIn(page, server.baseUrl, { email: ADMIN.email, password: 'not-the-password' }, { waitFor: null });
    await page.getByText('Login failed: The email or password is incorrect.', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    await context.close();
  });

  it("still says 'Login failed: …' when the toasts' code cannot load (the browser's own alert)", async () => {
    const { context, page } = await freshPage();
    await page.route(/\/assets\/toast-outlet-/, (route) => route.abort());
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(`${server.baseUrl}/login`);
    await signIn(page, server.baseUrl, { email: ADMIN.email, password: 'not-the-password' }, { waitFor: null });
    await waitFor("the browser's own alert", () => dialogs.length > 0, { timeout: 20_000 });
    expect(dialogs).toEqual(['Login failed: The email or password is incorrect.']);
    await context.close();
  });

  it("reports a failing role call as 'Login failed: Failed to verify user role'", async () => {
    const { context, page } = await freshPage();
    await page.route('**/nodejsapp/api/role', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"x","message":"x"}}' }),
    );
    await page.goto(`${server.baseUrl}/login`);
    await signIn(page, server.baseUrl, ADMIN, { waitFor: null });
    await page.getByText('Login failed: Failed to verify user role', { exact: true }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('adminToken') === null);
    await context.close();
  });

  it('says that signing in needs a connection when offline', async () => {
    const { context, page } = await freshPage();
    // The toasts' code is fetched just after the form paints; a page that has finished loading
    // goes offline (before that, the browser's own alert says the message: tested above).
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
    await page.locator('[data-position="top-right"]').waitFor({ state: 'attached' });
    await context.setOffline(true);
    await signIn(page, server.baseUrl, ADMIN, { waitFor: null });
    await page.getByText(/^Login failed: Signing in needs an internet connection/).waitFor();
    await context.close();
  });
});

describe('guard (spec 2 "Guard", 6)', () => {
  it("shows 'Loading...' while checking, then sends a signed-out visitor of /users to /login", async () => {
    const { context, page } = await freshPage();
    // Hold the start until the checking state has been seen.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/nodejsapp/api/config', async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/users`);
    await page.getByText('Loading...', { exact: true }).waitFor();
    release();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('sends an admin whose role call fails to /login and removes adminToken', async () => {
    const { context, page } = await freshPage();
    await signIn(page, server.baseUrl, ADMIN);
    await page.route('**/nodejsapp/api/role', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":{"code":"forbidden","message":"no"}}' }),
    );
    await page.goto(`${server.baseUrl}/messages`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('lets an admin verified earlier in while the network is down (DESIGN 4)', async () => {
    const { context, page } = await freshPage();
    await signIn(page, server.baseUrl, ADMIN);
    await page.route('**/nodejsapp/api/role', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.baseUrl}/users`);
    await page.getByRole('heading', { name: 'Search Users', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await context.close();
  });
});

describe('logout (spec 4 "Sign-in")', () => {
  it('removes adminToken and lands on /login', async () => {
    const { context, page } = await freshPage();
    await signIn(page, server.baseUrl, ADMIN);
    await logoutThrough(page, async () => {
      await page.getByRole('button', { name: 'Admin Authenticated' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
    });
    expect(await storedToken(page)).toBeNull();
    // The session is gone too: the guard does not let the visitor back in.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
