// Issue 20's keyboard shortcuts, driven by the keyboard alone: `?` lists them, `g t` goes to the
// transfers, `/` searches, `j`/`k` move through the list, Enter opens, `f` flags (its confirm
// answered with Enter), `c` marks complete or says it does not apply, `i` puts it back; letters
// typed in a field stay text; the user menu turns them off, and that stays after a reload.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '../../../src/shared/entities';
import { ADMIN } from '../support/accounts';
import { checkA11y, EVERY_IMPACT, WCAG_AA_TAGS } from '../support/a11y';
import { animationsDone, launchBrowser, newContext } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { api, detail, detailStatus, row, rows } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';

let server: SharedServer;
let browser: Browser;
let page: Page;
/** The active transfer the shortcuts act on, and the rows its first name finds. */
let target: Transfer;
let hits: number;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, server.baseUrl, ADMIN);
  const all = await api<Transfer[]>(page, server.baseUrl, '/admin/transfers');
  const finds = (t: Transfer) => all.filter((o) => o.first_name.toLowerCase().includes(t.first_name.toLowerCase())).length;
  // A name a few transfers share, so j and k have somewhere to go; the last such (other files
  // pick the first of a kind).
  const candidates = all.filter((t) => t.status === 'active' && finds(t) >= 2 && finds(t) <= 8);
  target = candidates.at(-1)!;
  if (!target) throw new Error('no active transfer whose first name a few others share');
  hits = finds(target);
});

afterAll(async () => {
  await browser?.close();
});

const press = (key: string) => page.keyboard.press(key);

/** Whatever a key press started has rendered (a dialog, a navigation): two frames on. */
const settled = () =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** What has the focus: its test id, record key and row position. */
const focused = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      testId: element?.dataset.testid ?? null,
      key: element?.dataset.recordKey ? Number(element.dataset.recordKey) : null,
      index: element?.closest<HTMLElement>('[data-index]')?.dataset.index ?? null,
    };
  });

const anyDialog = () => page.locator('[role="dialog"]').count();
const help = () => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
const path = () => new URL(page.url()).pathname;

describe('keyboard shortcuts (issue 20)', () => {
  it('? lists every shortcut in a dialog that Escape closes, focus back where it was', async () => {
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await press('Tab');
    await page.evaluate(() => document.activeElement?.setAttribute('data-before-help', ''));
    await press('?');
    await help().waitFor();
    expect(await help().getByRole('table').count()).toBe(3);
    expect(await help().getByRole('rowheader').count()).toBe(14);
    expect(await help().getByRole('row', { name: /g then t\s+Go to transfers/ }).count()).toBe(1);
    await animationsDone(page);
    await checkA11y(page, { tags: WCAG_AA_TAGS, failOn: EVERY_IMPACT });
    await press('Escape');
    await help().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-before-help'))).toBe(true);
  });

  it('g then t goes to the transfers', async () => {
    await press('g');
    await press('t');
    await page.waitForURL((url) => url.pathname === '/prescriptions/transfers');
    await rows(page).first().waitFor();
  });

  it('/ focuses the search, typing filters, Down then j and k move, Enter opens', async () => {
    await press('/');
    expect((await focused()).testId).toBe('prescription-search');
    await page.keyboard.type(target.first_name);
    await waitFor('the search to find the name', async () => (await rows(page).count()) === hits);

    await press('ArrowDown');
    await waitFor('the first row focused', async () => (await focused()).index === '0');
    await press('j');
    await waitFor('the second row focused', async () => (await focused()).index === '1');
    await press('k');
    await waitFor('the first row focused again', async () => (await focused()).index === '0');

    for (let i = 0; i < hits && (await focused()).key !== target.transfer_id; i += 1) {
      const before = (await focused()).index;
      await press('j');
      await waitFor('the next row focused', async () => (await focused()).index !== before);
    }
    expect((await focused()).key).toBe(target.transfer_id);

    await press('Enter');
    await page.waitForURL((url) => url.searchParams.get('id') === String(target.transfer_id));
    await detail(page).getByRole('heading', { name: `${target.first_name} ${target.last_name}`.trim(), exact: true }).waitFor();
  });

  it('f flags after its confirm (Enter confirms); c on a flagged transfer says it does not apply', async () => {
    await press('f');
    const question = page.getByRole('dialog', { name: 'Are you sure you want to flag this transfer?' });
    await question.waitFor();
    await waitFor('Confirm focused', async () => (await page.evaluate(() => document.activeElement?.textContent)) === 'Confirm');
    await press('Enter');
    await question.waitFor({ state: 'detached' });
    await row(page, target.transfer_id).and(page.locator('[data-status="flagged"]')).waitFor();
    expect(await detailStatus(page)).toBe('Flagged');

    await press('c');
    // A polite word (role status, not an alert), and nothing changed.
    await page.getByRole('status').filter({ hasText: '“c” does not apply to this item.' }).waitFor();
    expect(await detailStatus(page)).toBe('Flagged');
  });

  it('f unflags (with its confirm) and c marks complete', async () => {
    await press('f');
    const question = page.getByRole('dialog', { name: 'Are you sure you want to unflag this transfer?' });
    await question.waitFor();
    await press('Enter');
    await question.waitFor({ state: 'detached' });
    await row(page, target.transfer_id).and(page.locator('[data-status="active"]')).waitFor();

    await press('c');
    await row(page, target.transfer_id).and(page.locator('[data-status="completed"]')).waitFor();
    expect(await detailStatus(page)).toBe('Completed');
    await waitFor('the server to have it completed', async () => {
      const all = await api<Transfer[]>(page, server.baseUrl, '/admin/transfers');
      return all.find((t) => t.transfer_id === target.transfer_id)?.status === 'completed';
    });
  });

  it('letters typed in the search field are text, not shortcuts; i then puts the transfer back', async () => {
    const url = page.url();
    await press('/');
    expect((await focused()).testId).toBe('prescription-search');
    await page.keyboard.type('icfn?gd');
    await settled();
    expect(await page.getByTestId('prescription-search').inputValue()).toBe('icfn?gd');
    expect(await anyDialog()).toBe(0);
    expect(page.url()).toBe(url);
    expect(await detailStatus(page)).toBe('Completed');

    // Out of the field (its text cleared, Down to the list), i marks the open transfer incomplete:
    // it is active again, as the other files may expect to find it.
    await press('ControlOrMeta+A');
    await press('Backspace');
    await rows(page).first().waitFor();
    await press('ArrowDown');
    await waitFor('the first row focused', async () => (await focused()).index === '0');
    await press('i');
    // The whole list again: the transfer's row may be out of view (not drawn); its detail is open.
    await waitFor('the open transfer active', async () => (await detailStatus(page)) === 'Active');
    await waitFor('the server to have it active', async () => {
      const all = await api<Transfer[]>(page, server.baseUrl, '/admin/transfers');
      return all.find((t) => t.transfer_id === target.transfer_id)?.status === 'active';
    });
  });

  it('the user menu turns them off, and they stay off after a reload', async () => {
    await page.getByRole('button', { name: 'Admin Authenticated' }).focus();
    await press('Enter');
    const toggle = page.getByRole('menuitemcheckbox', { name: 'Keyboard shortcuts' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    for (let i = 0; i < 8 && (await page.evaluate(() => document.activeElement?.getAttribute('role'))) !== 'menuitemcheckbox'; i += 1) {
      await press('ArrowDown');
    }
    await press('Enter');
    await waitFor('the switch off', async () => (await toggle.getAttribute('aria-checked')) === 'false');
    await press('Escape');
    await toggle.waitFor({ state: 'detached' });

    const offAndQuiet = async () => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await press('?');
      await press('g');
      await press('d');
      await press('j');
      await settled();
      expect(await anyDialog()).toBe(0);
      expect(path()).toBe('/prescriptions/transfers');
      expect((await focused()).testId).not.toBe('prescription-row');
    };
    await offAndQuiet();

    await page.reload();
    await detail(page).waitFor();
    await offAndQuiet();
    expect(await page.evaluate(() => localStorage.getItem('pharmacy-shortcuts'))).toBe('off');
    await page.getByRole('button', { name: 'Admin Authenticated' }).focus();
    await press('Enter');
    expect(await page.getByRole('menuitemcheckbox', { name: 'Keyboard shortcuts' }).getAttribute('aria-checked')).toBe('false');
  });
});
