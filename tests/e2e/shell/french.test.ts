// Issue 20, section 3: the interface in French (Canada). A browser that prefers French gets it from
// the sign-in on; the words people read and hear on every screen are French, dates follow fr-CA, the
// user menu switches to English and back (remembered on the device), and nothing is cut or
// overflows at 390 and 1280 px (screenshots in /tmp/shots, looked at).
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, settle } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';

const SHOTS = '/tmp/shots';

/** The screens looked at, with a French word each must show. */
const SCREENS = [
  { path: '/dashboard', shows: /Transferts/ },
  { path: '/prescriptions/transfers', shows: /Transferts/ },
  { path: '/prescriptions/refills-and-renewals', shows: /Renouvellements et prolongations/ },
  { path: '/prescriptions/autofill', shows: /exécution automatique/ },
  { path: '/prescriptions/refill-reminders', shows: /rappels de renouvellement/ },
  { path: '/prescriptions/new-prescriptions', shows: /Nouvelles ordonnances/ },
  { path: '/appointments/calendar-view-page', shows: /Aujourd/ },
  { path: '/appointments/manage-availabilities-page', shows: /Bloquer|Disponibilit/ },
  { path: '/appointments/list-view-page', shows: /Rendez-vous/ },
  { path: '/messages', shows: /Messages/ },
  { path: '/users', shows: /Rechercher des utilisateurs/ },
  { path: '/access-log', shows: /Journal d'accès/ },
] as const;

/**
 * English words of the interface's chrome (never a patient's name or a medication): one of them in
 * a heading, label, button, tab, link, column header, placeholder or accessible name is a text left
 * untranslated.
 */
const ENGLISH =
  /\b(the|and|with|your|Please|Search|Loading|Home|Appointments|Transfers|Refills|Pending|Completed|Flag|Unflag|Notify|Mark as|Cancel|Close|Save|Reply|Resolve|Confirm|Logout|Log out|Lock now|Filter|Block|Unblock|Today|Week|Users|Patient details|Date of birth|Phone|Email|Status|Actions|Created|Unsent|Offline|Dashboard|Sign In|Messages?\b(?= [a-z]))\b/;

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

async function frenchContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  return newContext(browser, { viewport, locale: 'fr-CA' });
}

/** Signs in through the French form (its labels are part of what is tested). */
async function signInFrench(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Courriel').fill(ADMIN.email);
  await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
}

/** The words of the page's chrome: headings, labels, controls, column headers, placeholders, names. */
function chromeWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words: string[] = [];
    const selector = 'h1, h2, h3, h4, label, button, [role=tab], [role=menuitem], th, a, legend, [aria-label], [placeholder], [title]';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // Rows of a list name people and medications: their data is not the interface's text.
      if (element.closest('[data-record-row], [role=listbox], [role=grid] [role=row] ~ [role=row], .fc-event')) continue;
      if (element.matches('button, a, [role=tab], [role=menuitem]') && element.closest('[role=list], ul')) {
        if (!element.closest('nav, header, [role=menu]')) continue;
      }
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      for (const text of [
        element.getAttribute('aria-label'),
        element.getAttribute('placeholder'),
        element.getAttribute('title'),
        element.matches('h1, h2, h3, h4, label, button, [role=tab], [role=menuitem], th, legend') ? element.innerText : null,
      ]) {
        if (text?.trim()) words.push(text.trim());
      }
    }
    return words;
  });
}

/** Controls whose words are cut (clipped or ellipsised) or run past the page's width. */
function cutWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) cut.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const element of document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, label, button, [role=tab], [role=menuitem], th, .mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-SegmentedControl-label',
    )) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || element.closest('[data-record-row], .fc-event')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1) cut.push(`cut: ${element.innerText.trim().slice(0, 60)}`);
      if (rect.right > width + 1) cut.push(`past the edge: ${element.innerText.trim().slice(0, 60)}`);
    }
    return cut;
  });
}

describe('French (Canada)', () => {
  it('follows a French browser from the sign-in on: every screen speaks French, dates in fr-CA', async () => {
    const context = await frenchContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Bonjour,');
    await signInFrench(page);

    const english: string[] = [];
    let read = 0;
    for (const screen of SCREENS) {
      await page.goto(`${server.baseUrl}${screen.path}`);
      await page.getByText(screen.shows).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
      await settle(page);
      const words = await chromeWords(page);
      read += words.length;
      for (const text of words) {
        const match = ENGLISH.exec(text);
        if (match) english.push(`${screen.path}: "${text}" (${match[0]})`);
      }
    }
    expect(english).toEqual([]);
    // The scan read the screens' words (an empty read would pass the check above for nothing).
    expect(read).toBeGreaterThan(SCREENS.length * 10);

    // The calendar's days and its toolbar in French.
    await page.goto(`${server.baseUrl}/appointments/calendar-view-page`);
    await page.locator('.fc-col-header-cell').first().waitFor();
    const heads = await page.locator('.fc-col-header-cell').allInnerTexts();
    expect(heads.join(' ')).toMatch(/lun\.|mar\.|mer\.|jeu\.|ven\./);
    await context.close();
  });

  it('switches to English and back in the user menu, remembered on the device', async () => {
    const context = await frenchContext(DESKTOP);
    const page = await context.newPage();
    await signInFrench(page);
    await page.getByRole('link', { name: 'Accueil' }).first().waitFor();

    const choose = async (name: string) => {
      await page.locator('header').getByRole('button', { name: /Admin/ }).click();
      await page.getByRole('menuitemradio', { name }).or(page.getByRole('menuitem', { name })).click();
    };
    await choose('English');
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('link', { name: 'Home' }).first().waitFor();

    await choose('Français');
    await page.getByRole('link', { name: 'Accueil' }).first().waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Accueil' }).first().waitFor();
    await context.close();
  });

  it('fits at 390 and 1280 px: nothing cut, nothing past the edge (screenshots)', async () => {
    const problems: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await frenchContext(viewport);
      const page = await context.newPage();
      await signInFrench(page);
      for (const [name, path, shows] of [
        ['transfers', '/prescriptions/transfers', /Transferts/],
        ['calendar', '/appointments/calendar-view-page', /Aujourd/],
        ['messages', '/messages', /Messages/],
      ] as const) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByText(shows).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
        await settle(page);
        await page.screenshot({ path: `${SHOTS}/fr-${name}-${viewport.width}.png` });
        problems.push(...(await cutWords(page)).map((problem) => `${name} at ${viewport.width}: ${problem}`));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
