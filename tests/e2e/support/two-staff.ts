// Two named staff, Priya on server A and Omar on server B, each signed in in a browser context of
// one browser: the working-together e2e (tests/e2e/collab). Given DATABASE_URL (a PostgreSQL server
// tests may create databases on, as CI gives), A and B are two instances on a new database of it;
// without it (npm test with only what the README asks for), one server on the embedded database
// serves both browsers (the presence e2e; the claims and history e2e run on PostgreSQL only).
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { startServer, type RunningServer } from './server';
import { signIn } from './sign-in';
import { createStaff, type StaffAccount } from './staff';

export interface TwoStaff {
  serverA: RunningServer;
  serverB: RunningServer;
  browser: Browser;
  priya: StaffAccount;
  omar: StaffAccount;
  contextA: BrowserContext;
  pageA: Page;
  contextB: BrowserContext;
  pageB: Page;
  /** Two instances on one PostgreSQL database (DATABASE_URL given). */
  twoInstances: boolean;
  close(): Promise<void>;
}

async function staffPage(browser: Browser, server: RunningServer, staff: StaffAccount): Promise<[BrowserContext, Page]> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, staff);
  return [context, page];
}

/** `label` names the PostgreSQL database made for the file (dropped by close). */
export async function startTwoStaff(label: string): Promise<TwoStaff> {
  const adminUrl = process.env.DATABASE_URL;
  const dbName = `e2e_${label}_${Date.now()}`;
  let admin: pg.Client | undefined;
  let serverA: RunningServer;
  let serverB: RunningServer;
  let browser: Browser;
  if (adminUrl) {
    const dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    // A first (it seeds the empty database), then B on the same database.
    [serverA, browser] = await Promise.all([startServer({ env: { DATABASE_URL: dbUrl } }), launchBrowser()]);
    serverB = await startServer({ env: { DATABASE_URL: dbUrl } });
  } else {
    [serverA, browser] = await Promise.all([startServer(), launchBrowser()]);
    serverB = serverA;
  }
  const [priya, omar] = await Promise.all([createStaff({ name: 'Priya Shah' }), createStaff({ name: 'Omar Haddad' })]);
  const [[contextA, pageA], [contextB, pageB]] = await Promise.all([
    staffPage(browser, serverA, priya),
    staffPage(browser, serverB, omar),
  ]);
  return {
    serverA,
    serverB,
    browser,
    priya,
    omar,
    contextA,
    pageA,
    contextB,
    pageB,
    twoInstances: serverB !== serverA,
    async close() {
      await browser.close();
      await Promise.all([serverA.stop(), serverB !== serverA ? serverB.stop() : undefined]);
      await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin?.end();
    },
  };
}
