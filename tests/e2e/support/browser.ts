// Debian's Chromium driven by playwright-core, with the flags DESIGN 6 gives.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 820, height: 1180 } as const;
export const PHONE = { width: 390, height: 844 } as const;

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
    ],
  });
}

/**
 * A fresh context (own storage, own IndexedDB). Service workers are blocked unless asked for:
 * shell tests want every request to reach the page's routes and the server.
 */
export function newContext(
  browser: Browser,
  options: BrowserContextOptions & { withServiceWorker?: boolean } = {},
): Promise<BrowserContext> {
  const { withServiceWorker, ...rest } = options;
  return browser.newContext({
    viewport: DESKTOP,
    serviceWorkers: withServiceWorker ? 'allow' : 'block',
    ...rest,
  });
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
