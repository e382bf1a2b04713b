// Debian's Chromium driven by playwright-core, with the flags DESIGN 6 gives.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { waitFor } from '../../support/wait-for';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 820, height: 1180 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Chromium keeps the last `--disable-features` it is given, so ours repeats the list
 * playwright-core passes (its chromiumSwitches.ts) before adding its own: the omnibox's popups.
 * Headless Chromium 156 builds them for every window, that is for every page a test opens: a
 * top-chrome renderer of about 0.85 s of CPU each (10 contexts of a blank page: 17.4 s of CPU
 * with them, 8.7-9.7 s without). No test looks at the browser's own address bar.
 */
const DISABLED_FEATURES = [
  // playwright-core's own
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // ours
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
    ],
  });
}

/**
 * A fresh context (own storage, own IndexedDB). Service workers are blocked unless asked for:
 * shell tests want every request to reach the page's routes and the server.
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions & { withServiceWorker?: boolean } = {},
): Promise<BrowserContext> {
  const { withServiceWorker, ...rest } = options;
  const context = await browser.newContext({
    viewport: DESKTOP,
    serviceWorkers: withServiceWorker ? 'allow' : 'block',
    ...rest,
  });
  trackRequests(context);
  return context;
}

/** Requests in flight per page, but the change stream (open for as long as someone is signed in). */
const inFlight = new WeakMap<Page, Set<Request>>();
const LONG_LIVED = /\/admin\/changes(\?|$)/;

function trackRequests(context: BrowserContext): void {
  const pending = (request: Request): Set<Request> | null => {
    // A service worker's own requests belong to no page.
    if (request.serviceWorker()) return null;
    const page = request.frame().page();
    let set = inFlight.get(page);
    if (!set) inFlight.set(page, (set = new Set()));
    return set;
  };
  context.on('request', (request) => {
    if (!LONG_LIVED.test(request.url())) pending(request)?.add(request);
  });
  const done = (request: Request) => void pending(request)?.delete(request);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * What Playwright's 'networkidle' means, minus the change stream (which never finishes, so
 * 'networkidle' never comes on a signed-in page): no request in flight for `quietMs`.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  let quietSince = Date.now();
  await waitFor(
    `the network to be quiet for ${quietMs} ms`,
    () => {
      if ((inFlight.get(page)?.size ?? 0) > 0) quietSince = Date.now();
      return Date.now() - quietSince >= quietMs;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/**
 * Every transition and animation under way in the page has ended (those that never end, such as a
 * spinner, aside): what a scan or a screenshot should wait for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    // A transition may begin a few frames after its element appears (Mantine's start on a timer):
    // done once five frames in a row pass with none running.
    for (let quiet = 0, looks = 0; quiet < 5 && looks < 300; looks += 1) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity && animation.playState !== 'finished');
      if (running.length > 0) {
        quiet = 0;
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      } else {
        quiet += 1;
      }
      await frame();
    }
  });
}

/**
 * Goes to `path` inside the running app, as the browser's Forward button does (a new history
 * entry, then the router hears "popstate"): the screen is drawn without loading the app again.
 * For tests that visit many screens of one signed-in page (a page load boots the whole app). The
 * address changes at once and the screen a moment later: the caller waits for something only
 * the new screen shows.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = (history.state ?? {}) as Record<string, unknown>;
    const index = typeof state.__TSR_index === 'number' ? state.__TSR_index + 1 : 1;
    history.pushState({ ...state, __TSR_index: index, key: `in-app-${index}` }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** The page at rest: no request in flight, no animation running (before a scan or a screenshot). */
export async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await animationsDone(page);
}

export interface PageProblems {
  /** Console messages about a Content Security Policy violation. */
  csp: string[];
  /** Uncaught exceptions and console errors. */
  errors: string[];
}

/** Collects what a page complains about, for tests that want a clean run. */
export function watchProblems(page: Page): PageProblems {
  const problems: PageProblems = { csp: [], errors: [] };
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) problems.csp.push(text);
    else if (message.type() === 'error') problems.errors.push(text);
  });
  page.on('pageerror', (error) => problems.errors.push(String(error)));
  return problems;
}

/** The service worker controls the page: once active (clients.claim) or after one reload. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 20_000 });
}

/** The network drops, and the app says so. */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.getByTestId('offline-banner').getByText(/You are offline/).waitFor();
}

/** The network is back, and the app's offline banner is gone. */
export async function goOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await page.getByTestId('offline-banner').getByText(/You are offline/).waitFor({ state: 'detached' });
}
