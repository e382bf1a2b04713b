// Issue 20: every flow of the specification with the keyboard alone. The page is driven with
// page.keyboard only (Tab, Shift+Tab, Enter, Space, arrows, Escape, typing): no click, no fill, no
// focus() to move it. At every stop focus must be visible (the focused element, the label that
// draws a hidden radio's ring, or the box around a field, looks different from how it looked
// unfocused) and not hidden under the fixed navigation bar or a sticky header (WCAG 2.2 2.4.11:
// some of it is what the browser hits there; a passing toast is not counted). Each dialog takes
// focus when it opens and gives it back to its opener when it closes (Escape, Cancel, Confirm);
// each menu too.
//
// The shared server's records: what changes here is picked at the far end of each list from the
// one other files pick (they take the first match), found by a unique search, and put back as it
// was (complete then incomplete, flag then unflag, block then unblock); the cancelled appointment
// and the replied inquiry are the last of their kind.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AutofillEnrolment, Inquiry, RefillReminder, RefillRequest, Transfer, User } from '../../../src/shared/entities';
import { addDays } from '../../../src/shared/time';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, PHONE } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn, storedToken } from '../support/sign-in';
import { api } from '../prescriptions/helpers';
import { appointments, pharmacyToday, pharmacyZone, visibleDates } from '../appointments/helpers';
import { waitFor } from '../../support/wait-for';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** What to reach: each part given must match (a RegExp name is tested, a string one is equal). */
interface Target {
  name?: string | RegExp;
  role?: string;
  testId?: string;
}

/** A Target as the page receives it. */
interface Wanted {
  name?: string;
  pattern?: [string, string];
  role?: string;
  testId?: string;
}

const wanted = ({ name, role, testId }: Target): Wanted => ({
  role,
  testId,
  ...(name instanceof RegExp ? { pattern: [name.source, name.flags] as [string, string] } : { name }),
});

interface Described {
  tag: string;
  role: string;
  name: string;
  testId: string;
}

interface FocusProbe {
  /** How each element looked unfocused. */
  before: WeakMap<Element, string>;
  ringHost: (el: Element) => Element;
  look: (el: Element) => string;
  describe: (el: Element) => Described;
  matches: (d: Described, w: Wanted) => boolean;
  tabbables: () => Element[];
}

/**
 * Runs in every page before its own scripts. At each keydown (before the key moves focus) it notes
 * the look of every focusable element and the boxes around it, so the element that gains focus can
 * be compared with itself unfocused. It also names elements as the test does (role, accessible
 * name, test id) and lists the Tab order, for the test to choose the shorter way round.
 */
function installFocusProbe(): void {
  const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]';
  /** What draws an element's focus ring: a visually hidden input's label, else the element. */
  const ringHost = (el: Element): Element => {
    if (el instanceof HTMLInputElement) {
      const box = el.getBoundingClientRect();
      if (getComputedStyle(el).opacity === '0' || box.width <= 1 || box.height <= 1) return el.labels?.[0] ?? el.parentElement ?? el;
    }
    return el;
  };
  const look = (el: Element): string => {
    const s = getComputedStyle(el);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset, s.boxShadow, s.borderTopColor, s.borderBottomColor, s.backgroundColor].join('|');
  };
  const textOf = (node: Node): string => {
    if (node instanceof Element && (node.getAttribute('aria-hidden') === 'true' || getComputedStyle(node).display === 'none')) return '';
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    return [...node.childNodes].map(textOf).join(' ');
  };
  const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
  const nameOf = (e: Element): string => {
    const label = e.getAttribute('aria-label');
    if (label) return clean(label);
    const by = e.getAttribute('aria-labelledby');
    if (by) return clean(by.split(/\s+/).map((id) => { const part = document.getElementById(id); return part ? textOf(part) : ''; }).join(' '));
    const labels = (e as HTMLInputElement).labels;
    if (labels && labels.length > 0 && !(e instanceof HTMLButtonElement)) return clean([...labels].map(textOf).join(' '));
    return clean(textOf(e)) || clean(e.getAttribute('placeholder') ?? e.getAttribute('title') ?? '');
  };
  const roleOf = (e: Element): string => {
    const explicit = e.getAttribute('role');
    if (explicit) return explicit;
    const tag = e.tagName.toLowerCase();
    if (tag === 'a') return e.hasAttribute('href') ? 'link' : '';
    if (tag === 'button') return 'button';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return 'combobox';
    if (e instanceof HTMLInputElement) {
      return ({ checkbox: 'checkbox', radio: 'radio', search: 'searchbox', button: 'button', submit: 'button' } as Record<string, string>)[e.type] ?? 'textbox';
    }
    return '';
  };
  const describe = (el: Element): Described => ({
    tag: el.tagName.toLowerCase(),
    role: roleOf(el),
    name: nameOf(el),
    testId: (el as HTMLElement).dataset?.testid ?? '',
  });
  const matches = (d: Described, w: Wanted): boolean =>
    (!w.role || d.role === w.role) &&
    (!w.testId || d.testId === w.testId) &&
    (w.name === undefined || d.name === w.name) &&
    (!w.pattern || new RegExp(w.pattern[0], w.pattern[1]).test(d.name));
  /** The Tab order where focus is (a modal dialog traps it): one stop per radio group. */
  const tabbables = (): Element[] => {
    const scope = document.activeElement?.closest('[role="dialog"][aria-modal="true"]') ?? document;
    const groups = new Set<string>();
    return [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
      if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || !el.checkVisibility({ visibilityProperty: true })) return false;
      if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
        const checked = document.querySelector(`input[type="radio"][name="${CSS.escape(el.name)}"]:checked`);
        if (checked ? checked !== el : groups.has(el.name)) return false;
        groups.add(el.name);
      }
      return true;
    });
  };
  const probe: FocusProbe = { before: new WeakMap(), ringHost, look, describe, matches, tabbables };
  (window as unknown as { focusProbe: FocusProbe }).focusProbe = probe;
  // How each element looked unfocused the last time it was: kept while it has focus.
  document.addEventListener(
    'keydown',
    () => {
      const active = document.activeElement;
      const seen = new Set<Element>();
      for (const el of document.querySelectorAll(FOCUSABLE)) {
        // The ring may be drawn by a wrapper (:focus-within): the two boxes around it too.
        const host = ringHost(el);
        for (const node of [host, host.parentElement, host.parentElement?.parentElement]) {
          if (!node || seen.has(node) || (active && (node === active || node.contains(active) || ringHost(active) === node))) continue;
          seen.add(node);
          // Mid-transition (a field left a moment ago, its border still turning back) it does not
          // look as it does unfocused: keep what was noted when it was at rest. On a loaded
          // machine the transition's clock can stand still for several keys.
          if (node.getAnimations().some((animation) => animation.playState === 'running')) continue;
          probe.before.set(node, look(node));
        }
      }
    },
    true,
  );
}

async function newKeyboardContext(): Promise<BrowserContext> {
  const made = await newContext(browser);
  await made.addInitScript(installFocusProbe);
  return made;
}

/** What has focus, as the test reads it, and what it found wrong with it. */
interface Focus extends Described {
  /** Focus is on the document itself (nothing focused, or past the last element). */
  none: boolean;
  /** Why focus is not visible, or null. */
  unseen: string | null;
  /** Why focus is hidden (under the navigation bar, a sticky header or anything else), or null. */
  hidden: string | null;
  /** The name of the dialog focus is in. */
  inDialog: string | null;
}

function readFocus(target: Page): Promise<Focus> {
  return target.evaluate(() => {
    const probe = (window as unknown as { focusProbe: FocusProbe }).focusProbe;
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) {
      return { tag: 'body', role: '', name: '', testId: '', none: true, unseen: null, hidden: null, inDialog: null };
    }
    const dialog = el.closest('[role="dialog"]');

    // Visible: its ring host (or a box around it) looks different from how it looked unfocused,
    // or, new on screen (a dialog's first button), it has a ring.
    const host = probe.ringHost(el);
    const style = getComputedStyle(host);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !/rgba\(.*, 0\)$/.test(style.outlineColor)) ||
      style.boxShadow !== 'none';
    const known = probe.before.has(host);
    const changed = [host, host.parentElement, host.parentElement?.parentElement].some(
      (node) => node && probe.before.has(node) && probe.before.get(node) !== probe.look(node),
    );
    const unseen =
      (known ? !changed : !ring)
        ? `no focus indicator (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}, ${known ? 'looks as it did unfocused' : 'new on screen'})`
        : null;

    // Not hidden: some point of it is what the browser hits there (the navigation bar, a sticky
    // header or anything else is not in front of all of it).
    const box = host.getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    let hidden: string | null = null;
    if (right - left < 1 || bottom - top < 1) {
      hidden = `outside the viewport (${Math.round(box.top)}..${Math.round(box.bottom)})`;
    } else {
      const covers: string[] = [];
      let seen = false;
      for (const fx of [0.1, 0.5, 0.9]) {
        for (const fy of [0.1, 0.5, 0.9]) {
          const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
          // A toast passes over for its 3 seconds (status messages, top right): not counted.
          if (!hit || hit.closest('.mantine-Notifications-root')) continue;
          if (host.contains(hit) || el.contains(hit) || hit.contains(el)) seen = true;
          else covers.push(`${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]}${hit.closest('header') ? ' (the navigation bar)' : ''}`);
        }
      }
      if (!seen && covers.length > 0) hidden = `covered by ${[...new Set(covers)].join(', ')}`;
    }
    return { ...probe.describe(el), none: false, unseen, hidden, inDialog: dialog ? probe.describe(dialog).name : null };
  });
}

const describeFocus = (f: Focus) => (f.none ? '(document)' : `${f.role || f.tag} "${f.name.slice(0, 60)}"${f.testId ? ` [${f.testId}]` : ''}`);

const describeTarget = (t: Target) =>
  [t.role, t.name === undefined ? undefined : String(t.name), t.testId && `[${t.testId}]`].filter(Boolean).join(' ');

function matches(focus: Focus, target: Target): boolean {
  if (focus.none) return false;
  if (target.role && focus.role !== target.role) return false;
  if (target.testId && focus.testId !== target.testId) return false;
  if (target.name instanceof RegExp) return target.name.test(focus.name);
  return target.name === undefined || focus.name === target.name;
}

/** Focus, checked: visible and not hidden (a transition may take a moment to show the ring). */
async function checkedFocus(target: Page, read?: Focus): Promise<Focus> {
  let focus = read ?? (await readFocus(target));
  for (let look = 0; look < 10 && !focus.none && (focus.unseen || focus.hidden); look += 1) {
    await target.waitForTimeout(30);
    focus = await readFocus(target);
  }
  if (!focus.none) {
    expect(focus.unseen, `focus on ${describeFocus(focus)} is not visible`).toBeNull();
    expect(focus.hidden, `focus on ${describeFocus(focus)} is hidden`).toBeNull();
  }
  return focus;
}

/** Presses a key and checks where focus went. */
async function press(target: Page, key: string): Promise<Focus> {
  await target.keyboard.press(key);
  return checkedFocus(target);
}

/**
 * Presses Tab (or Shift+Tab) until focus is on `want`, checking each stop; fails with the list of
 * what it passed.
 */
async function tabTo(target: Page, want: Target, max = 30, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<Focus> {
  const passed: string[] = [];
  for (let step = 0; step < max; step += 1) {
    const focus = await press(target, key);
    if (matches(focus, want)) return focus;
    passed.push(describeFocus(focus));
  }
  throw new Error(`${key} ${max} times did not reach ${describeTarget(want)}; focus passed:\n  ${passed.join('\n  ')}`);
}

/**
 * Tab or Shift+Tab to `want`, whichever is the shorter way round by the page's Tab order (a
 * person sees where it is); Tab when it is not there yet.
 */
async function reach(target: Page, want: Target): Promise<Focus> {
  const way = await target.evaluate((w) => {
    const probe = (window as unknown as { focusProbe: FocusProbe }).focusProbe;
    const order = probe.tabbables();
    const at = order.indexOf(document.activeElement as Element);
    if (at >= 0 && probe.matches(probe.describe(order[at]!), w)) return { forward: 0, backward: 0 };
    const hits = order.flatMap((el, i) => (probe.matches(probe.describe(el), w) ? [i] : []));
    if (hits.length === 0) return null;
    const n = order.length;
    // On the document (what had focus went away), the browser goes on from where it was: Tab,
    // round the whole order at most.
    if (at < 0) return { forward: n + 1, backward: n + 2 };
    // Past either end focus rests on the document once before coming round.
    const forward = Math.min(...hits.map((i) => (i > at ? i - at : n - at + i + 1)));
    const backward = Math.min(...hits.map((i) => (i < at ? at - i : at + n - i + 1)));
    return { forward, backward };
  }, wanted(want));
  if (!way) return tabTo(target, want, 40);
  if (way.forward === 0) return checkedFocus(target);
  return way.backward < way.forward
    ? tabTo(target, want, way.backward + 8, 'Shift+Tab')
    : tabTo(target, want, way.forward + 8, 'Tab');
}

/** Focus is on `want` now (waiting a little for a dialog or a re-render to move it). */
async function expectFocus(target: Page, want: Target, what = describeTarget(want)): Promise<Focus> {
  let focus: Focus | undefined;
  try {
    await waitFor(what, async () => matches((focus = await readFocus(target)), want), { timeout: 5000, interval: 50 });
  } catch {
    throw new Error(`focus should be on ${what}, is on ${focus ? describeFocus(focus) : '?'}`);
  }
  return checkedFocus(target, focus);
}

/** Focus went into the dialog named `title` (it opened). */
async function expectFocusInDialog(target: Page, title: string): Promise<Focus> {
  let focus: Focus | undefined;
  try {
    await waitFor(`focus in the dialog ${title}`, async () => (focus = await readFocus(target)).inDialog === title, { timeout: 5000, interval: 50 });
  } catch {
    throw new Error(`focus should be in the dialog "${title}", is on ${focus ? `${describeFocus(focus)} (dialog: ${focus.inDialog})` : '?'}`);
  }
  return checkedFocus(target, focus);
}

/** Presses `key` on the focused opener and sees focus go into its dialog. Returns the opener. */
async function openDialog(target: Page, title: string, key = 'Enter'): Promise<Focus> {
  const opener = await readFocus(target);
  await target.keyboard.press(key);
  await expectFocusInDialog(target, title);
  return opener;
}

/** The dialog has gone and focus is back on what opened it. */
async function expectFocusBack(target: Page, title: string, opener: Focus): Promise<void> {
  await target.getByRole('dialog', { name: title }).waitFor({ state: 'detached' });
  await expectFocus(target, { role: opener.role, name: opener.name, testId: opener.testId || undefined }, `the opener ${describeFocus(opener)}`);
}

/**
 * Chooses `option` in the focused Mantine select: arrows open it and move through its options
 * (the highlighted one is read from the page), Enter takes it.
 */
async function chooseOption(target: Page, option: string): Promise<void> {
  const highlighted = () =>
    target.evaluate(() => {
      const list = document.getElementById(document.activeElement?.getAttribute('aria-controls') ?? '');
      return list?.querySelector('[data-combobox-selected]')?.textContent?.trim() ?? null;
    });
  await target.keyboard.press('ArrowDown');
  await waitFor('the options to open', async () => (await highlighted()) !== null, { timeout: 5000, interval: 30 });
  for (let step = 0; step < 12 && (await highlighted()) !== option; step += 1) await target.keyboard.press('ArrowDown');
  expect(await highlighted()).toBe(option);
  await target.keyboard.press('Enter');
  await waitFor(`${option} chosen`, () => target.evaluate((value) => (document.activeElement as HTMLInputElement).value === value, option), {
    timeout: 5000,
    interval: 30,
  });
  await checkedFocus(target);
}

/** Moves a radio group's choice (a SegmentedControl) with the arrows until `label` is checked. */
async function arrowToRadio(target: Page, label: string): Promise<void> {
  for (let step = 0; step < 6; step += 1) {
    const focus = await checkedFocus(target);
    expect(focus.role, 'focus on a radio group').toBe('radio');
    if (focus.name === label) break;
    await target.keyboard.press('ArrowRight');
  }
  await expectFocus(target, { role: 'radio', name: label });
  // The choice is the screen's state (kept in the address): a controlled radio shows it checked
  // once the route has taken it, a moment after the key.
  await waitFor(`${label} checked`, () => target.evaluate(() => (document.activeElement as HTMLInputElement).checked), {
    timeout: 5000,
    interval: 30,
  });
}

/** In an open menu, ArrowDown (checking each item on the way) until `item` has focus. */
async function arrowToItem(target: Page, item: string): Promise<void> {
  const passed: string[] = [];
  for (let step = 0; step < 16; step += 1) {
    const focus = await checkedFocus(target);
    if (matches(focus, { role: 'menuitem', name: item })) return;
    passed.push(describeFocus(focus));
    await target.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown did not reach the menu item ${item}; passed: ${passed.join(', ')}`);
}

/** Types into the focused field, all of its text replaced. */
async function retype(target: Page, text: string): Promise<void> {
  await target.keyboard.press('ControlOrMeta+A');
  await target.keyboard.press('Backspace');
  if (text) await target.keyboard.type(text);
}

const path = () => new URL(page.url()).pathname;
const search = (name: string) => new URL(page.url()).searchParams.get(name);
const toast = (target: Page, text: string) => target.getByText(text, { exact: true }).first();

async function waitForPath(target: Page, pathname: string): Promise<void> {
  await target.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/** Signed in (by keyboard in the first test; by the support helper when a test runs alone). */
async function signedIn(): Promise<void> {
  if (await storedToken(page).catch(() => null)) return;
  await signIn(page, server.baseUrl, ADMIN);
}

/**
 * On `pathname`, or on any page (already there when the tests run in order: they walk from one
 * to the next).
 */
async function arrive(pathname?: string): Promise<void> {
  await signedIn();
  // A test that failed half-way may have left a menu or a dialog open: start afresh then.
  const leftOpen = await page.locator('[role="menu"], [role="dialog"]').count();
  if ((pathname && path() !== pathname) || leftOpen > 0) await page.goto(`${server.baseUrl}${pathname ?? path()}`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Through the navigation bar to `name` (a link), or to `menuItem` of its menu `name`. */
async function navigate(name: string, menuItem?: string): Promise<void> {
  await reach(page, { role: menuItem ? 'button' : 'link', name });
  if (!menuItem) {
    await press(page, 'Enter');
    return;
  }
  const menu = page.getByRole('menu', { name });
  await press(page, 'Enter');
  await menu.waitFor();
  await expectFocus(page, { role: 'menuitem' }, `the first item of ${name}`);
  await arrowToItem(page, menuItem);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden' });
  // Focus comes back to the menu's button (the page changed under it).
  await expectFocus(page, { role: 'button', name });
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newKeyboardContext();
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('every flow with the keyboard alone (issue 20)', () => {
  it('signs in', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
    await tabTo(page, { role: 'textbox', name: 'Email' });
    await page.keyboard.type(ADMIN.email);
    await tabTo(page, { role: 'textbox', name: 'Password' });
    await page.keyboard.type(ADMIN.password);
    await tabTo(page, { role: 'button', name: 'Sign In' });
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('navigates: the links, the Prescriptions dropdown, the notifications and the user menu', async () => {
    await arrive('/dashboard');
    await navigate('Prescriptions', 'Refills');
    await waitForPath(page, '/prescriptions/refills-and-renewals');
    // Space opens the dropdown too; Escape closes it and leaves focus on its button.
    const prescriptions = page.getByRole('menu', { name: 'Prescriptions' });
    await press(page, 'Space');
    await prescriptions.waitFor();
    await expectFocus(page, { role: 'menuitem', name: 'Transfers' });
    await press(page, 'Escape');
    await prescriptions.waitFor({ state: 'hidden' });
    await expectFocus(page, { role: 'button', name: 'Prescriptions' });

    await navigate('Appointments');
    await waitForPath(page, '/appointments/calendar-view-page');
    await navigate('Messages');
    await waitForPath(page, '/messages');
    await navigate('Home');
    await waitForPath(page, '/dashboard');

    await reach(page, { role: 'button', name: 'Notifications' });
    await press(page, 'Enter');
    await page.getByText('No new notifications', { exact: true }).waitFor();
    await press(page, 'Escape');
    await page.getByText('No new notifications', { exact: true }).waitFor({ state: 'hidden' });
    await expectFocus(page, { role: 'button', name: 'Notifications' });

    await reach(page, { role: 'button', name: 'Admin Authenticated' });
    const userMenu = page.getByRole('menu', { name: 'Admin Authenticated' });
    await press(page, 'Enter');
    await userMenu.waitFor();
    await expectFocus(page, { role: 'menuitem', name: 'Access Log' });
    await arrowToItem(page, 'Logout');
    await press(page, 'Escape');
    await userMenu.waitFor({ state: 'hidden' });
    await expectFocus(page, { role: 'button', name: 'Admin Authenticated' });
  });

  it('transfers: search, filter, select; Mark as Complete, Notify, Mark as Incomplete; Flag and Unflag through the confirm', async () => {
    await arrive('/dashboard');
    const all = await api<Transfer[]>(page, server.baseUrl, '/admin/transfers');
    // Its email finds it alone; its first name too (the shortcuts test takes the last active
    // transfer whose first name a few share).
    const alone = (t: Transfer) =>
      t.email !== null &&
      all.filter((o) => (o.email ?? '').includes(t.email!)).length === 1 &&
      all.filter((o) => o.first_name.toLowerCase().includes(t.first_name.toLowerCase())).length === 1;
    const target = all.filter((t) => t.status === 'active' && alone(t)).at(-1)!;
    expect(target, 'an active transfer found alone by its email and its first name').toBeDefined();
    const key = target.transfer_id;
    const status = async () => (await api<Transfer[]>(page, server.baseUrl, '/admin/transfers')).find((t) => t.transfer_id === key)?.status;

    await navigate('Prescriptions', 'Transfers');
    await waitForPath(page, '/prescriptions/transfers');
    await reach(page, { testId: 'prescription-search-by' });
    await chooseOption(page, 'Email');
    await reach(page, { testId: 'prescription-search' });
    await page.keyboard.type(target.email!.toUpperCase());
    await waitFor('one row', async () => (await page.getByTestId('prescription-row').count()) === 1, { timeout: 10_000 });
    await reach(page, { role: 'radio' });
    await arrowToRadio(page, 'Active');
    await waitFor('filter=active', () => search('filter') === 'active');
    const row = await reach(page, { testId: 'prescription-row' });
    expect(row.name).toContain(`${target.first_name} ${target.last_name}`);
    await press(page, 'Enter');
    await waitFor('the record selected', () => search('id') === String(key));
    const detail = page.getByTestId('prescription-detail');
    await detail.waitFor();

    await reach(page, { role: 'button', name: 'Mark as Complete' });
    await press(page, 'Enter');
    await detail.getByRole('button', { name: 'Mark as Incomplete' }).waitFor();
    // Focus stays on the button, which now reads Mark as Incomplete (not lost to the page).
    await expectFocus(page, { role: 'button', name: 'Mark as Incomplete' });
    await waitFor('completed on the server', async () => (await status()) === 'completed', { timeout: 20_000 });
    await reach(page, { role: 'button', name: 'Notify' });
    await press(page, 'Enter');
    await toast(page, 'Notification sent successfully!').waitFor();
    await reach(page, { role: 'button', name: 'Mark as Incomplete' });
    await press(page, 'Enter');
    await expectFocus(page, { role: 'button', name: 'Mark as Complete' });
    await waitFor('active on the server', async () => (await status()) === 'active', { timeout: 20_000 });

    const flagQuestion = 'Are you sure you want to flag this transfer?';
    await reach(page, { role: 'button', name: 'Flag' });
    // Escape: not flagged, focus back on Flag.
    let opener = await openDialog(page, flagQuestion);
    await expectFocus(page, { role: 'button', name: 'Confirm' });
    await press(page, 'Escape');
    await expectFocusBack(page, flagQuestion, opener);
    // Cancel: the same.
    opener = await openDialog(page, flagQuestion);
    await reach(page, { role: 'button', name: 'Cancel' });
    await press(page, 'Enter');
    await expectFocusBack(page, flagQuestion, opener);
    expect(await status()).toBe('active');
    // Confirm (focus starts on it): flagged, focus back on the button, which now reads Unflag.
    await openDialog(page, flagQuestion);
    await press(page, 'Enter');
    await toast(page, 'Transfer flagged successfully.').waitFor();
    await expectFocus(page, { role: 'button', name: 'Unflag' });
    await waitFor('flagged on the server', async () => (await status()) === 'flagged', { timeout: 20_000 });

    const unflagQuestion = 'Are you sure you want to unflag this transfer?';
    await openDialog(page, unflagQuestion, 'Space');
    await press(page, 'Enter');
    await expectFocus(page, { role: 'button', name: 'Flag' });
    await waitFor('active again on the server', async () => (await status()) === 'active', { timeout: 20_000 });
  });

  it('refills, autofill and refill reminders: search, filter and select, through the dropdown', async () => {
    await arrive('/prescriptions/transfers');
    const lists = [
      ['Refills', '/prescriptions/refills-and-renewals', '/admin/refills-and-renewals', 'id'],
      ['Autofill Requests', '/prescriptions/autofill', '/admin/autofill', 'refillId'],
      ['Refill Reminder Requests', '/prescriptions/refill-reminders', '/admin/refill-reminders', 'id'],
    ] as const;
    for (const [item, pathname, apiPath, keyField] of lists) {
      const rows = await api<Array<RefillRequest | AutofillEnrolment | RefillReminder>>(page, server.baseUrl, apiPath);
      const target = rows.filter((r) => rows.filter((o) => o.rx_number.includes(r.rx_number)).length === 1).at(-1)!;
      const key = (target as unknown as Record<string, number>)[keyField]!;
      await navigate('Prescriptions', item);
      await waitForPath(page, pathname);
      await reach(page, { testId: 'prescription-search' });
      await page.keyboard.type(target.rx_number.toLowerCase());
      await waitFor('one row', async () => (await page.getByTestId('prescription-row').count()) === 1, { timeout: 10_000 });
      await reach(page, { role: 'radio' });
      await arrowToRadio(page, target.status.charAt(0).toUpperCase() + target.status.slice(1));
      await waitFor(`filter=${target.status}`, () => search('filter') === target.status);
      await reach(page, { testId: 'prescription-row' });
      await press(page, 'Enter');
      await waitFor('the record selected', () => search('id') === String(key));
      expect(await page.getByTestId('prescription-detail').textContent()).toContain(target.rx_number);
      // The pane's first action is the next stop.
      await tabTo(page, { role: 'button', name: target.status === 'active' ? 'Mark as Complete' : /^(Mark as Incomplete|Unflag)$/ }, 3);
    }
  });

  // The appointment list opens the appointment this one cancels.
  let cancelled: Appointment | undefined;

  it('calendar: moves between weeks, opens an event (Escape gives focus back), cancels it through the confirm', async () => {
    await arrive('/prescriptions/refill-reminders');
    const today = pharmacyToday(await pharmacyZone(server.baseUrl));
    const all = await appointments(page, server.baseUrl);
    await navigate('Appointments');
    await waitForPath(page, '/appointments/calendar-view-page');
    await page.locator('.fc-event').first().waitFor();
    const thisWeek = await visibleDates(page);
    const nextWeek = thisWeek.map((date) => addDays(date, 7));
    // The last one-person booking of next week (the end of the demo data): no other file's pick.
    const target = all
      .filter((a) => a.status === 'scheduled' && a.appointment_type !== 'Blocked' && a.number_of_people === 1 && nextWeek.includes(a.date) && a.date > today)
      .sort((a, b) => `${a.date}${a.start_time}`.localeCompare(`${b.date}${b.start_time}`))
      .at(-1)!;

    await reach(page, { role: 'button', name: 'Next' });
    await press(page, 'Enter');
    await waitFor('next week', async () => (await visibleDates(page))[0] === nextWeek[0]);
    await expectFocus(page, { role: 'button', name: 'Next' });
    await reach(page, { role: 'button', name: 'Previous' });
    await press(page, 'Enter');
    await waitFor('this week', async () => (await visibleDates(page))[0] === thisWeek[0]);
    await reach(page, { role: 'button', name: 'Next' });
    await press(page, 'Enter');
    await waitFor('next week again', async () => (await visibleDates(page))[0] === nextWeek[0]);

    const event = page.locator(`.fc-event[data-appointment-id="${target.appointment_id}"]`);
    await event.waitFor();
    await reach(page, { name: (await event.getAttribute('aria-label'))! });
    const details = 'Appointment Details';
    const dialog = page.getByRole('dialog', { name: details });
    const opener = await openDialog(page, details);
    await dialog.getByText(target.email ?? target.first_name!).first().waitFor();
    await press(page, 'Escape');
    await expectFocusBack(page, details, opener);

    await openDialog(page, details);
    await reach(page, { role: 'button', name: 'Cancel Appointment' });
    const question = 'Are you sure you want to cancel this appointment?';
    // The confirm over the modal: Escape closes the confirm alone, and focus is back on Cancel
    // Appointment; Cancel the same.
    let inner = await openDialog(page, question);
    await press(page, 'Escape');
    await expectFocusBack(page, question, inner);
    expect(await dialog.isVisible()).toBe(true);
    inner = await openDialog(page, question);
    await reach(page, { role: 'button', name: 'Cancel' });
    await press(page, 'Enter');
    await expectFocusBack(page, question, inner);
    // Confirm: cancelled, both dialogs gone, the event with them.
    await openDialog(page, question);
    await press(page, 'Enter');
    await toast(page, 'Appointment cancelled successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await event.waitFor({ state: 'detached' });
    // The event it was opened from has gone: focus on the calendar's title, not on the page.
    await waitFor('focus on the calendar title', () =>
      page.evaluate(() => document.activeElement?.classList.contains('fc-toolbar-title') ?? false),
    ).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`);
    });
    await waitFor(
      'cancelled on the server',
      async () => (await appointments(page, server.baseUrl)).find((a) => a.appointment_id === target.appointment_id)?.status === 'cancelled',
      { timeout: 20_000 },
    );
    cancelled = target;
  });

  it('manage availabilities: a typed range blocked and unblocked, no drag; the range checked as the spec says', async () => {
    await arrive('/appointments/calendar-view-page');
    const today = pharmacyToday(await pharmacyZone(server.baseUrl));
    // Three weeks out, past the demo data: a range no other file touches.
    const day = addDays(today, 22);
    const blockedThere = async () =>
      (await appointments(page, server.baseUrl))
        .filter((a) => a.date === day && a.appointment_type === 'Blocked' && a.status !== 'cancelled')
        .map((a) => a.start_time)
        .sort();
    expect(await blockedThere()).toEqual([]);
    const REFUSED = 'Please select a valid date and time range.';

    const openManage = async () => {
      await reach(page, { role: 'link', name: 'Manage Availabilities' });
      await press(page, 'Enter');
      await waitForPath(page, '/appointments/manage-availabilities-page');
      await page.getByRole('heading', { name: 'Block/Unblock Availabilities' }).waitFor();
    };
    const typeRange = async (from: string, until: string) => {
      await reach(page, { role: 'textbox', name: 'From' });
      await retype(page, from);
      await reach(page, { role: 'textbox', name: 'Until' });
      await retype(page, until);
    };

    await openManage();
    // Not a time: named under the field once focus leaves it (focus on a field in error shows too).
    await reach(page, { role: 'textbox', name: 'From' });
    await page.keyboard.type(`${day} 25:00`);
    await press(page, 'Tab');
    await page.getByText('Not a date and time: type it as 2026-11-24 14:10.').waitFor();
    await expectFocus(page, { role: 'textbox', name: 'Until' });
    // No valid start and no end: refused, and the page stays.
    await reach(page, { role: 'button', name: 'Finalize Availabilities' });
    await press(page, 'Enter');
    await toast(page, REFUSED).waitFor();
    expect(path()).toBe('/appointments/manage-availabilities-page');

    await typeRange(`${day} 15:10`, `${day} 15:50`);
    await reach(page, { role: 'button', name: 'Finalize Availabilities' });
    await press(page, 'Enter');
    await toast(page, 'Availabilities blocked successfully!').waitFor();
    await waitForPath(page, '/appointments/calendar-view-page');
    expect(await blockedThere()).toEqual(['15:10:00', '15:30:00']);

    await openManage();
    await typeRange(`${day} 15:10`, `${day} 15:50`);
    await reach(page, { role: 'button', name: 'Unblock Availabilities' });
    await press(page, 'Enter');
    await toast(page, 'Availabilities unblocked successfully!').waitFor();
    await waitForPath(page, '/appointments/calendar-view-page');
    expect(await blockedThere()).toEqual([]);
  });

  it('appointment list: search, status and type filters, a card opens the modal and Escape gives focus back', async () => {
    await arrive('/appointments/calendar-view-page');
    const target = cancelled ?? (await appointments(page, server.baseUrl)).find((a) => a.status === 'cancelled' && a.email)!;
    await reach(page, { role: 'link', name: 'List View' });
    await press(page, 'Enter');
    await waitForPath(page, '/appointments/list-view-page');
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    await reach(page, { testId: 'appointment-search' });
    await page.keyboard.type(target.email!);
    await reach(page, { role: 'radio', name: 'Scheduled' });
    await arrowToRadio(page, 'Cancelled');
    await tabTo(page, { role: 'radio', name: 'All' }, 1);
    await arrowToRadio(page, target.appointment_type);
    await page.locator(`[data-testid="appointment-card"][data-appointment-id="${target.appointment_id}"]`).waitFor();
    await reach(page, { testId: 'appointment-card', name: new RegExp(`${target.first_name} ${target.last_name}`) });
    const opener = await openDialog(page, 'Appointment Details');
    await page.getByRole('dialog', { name: 'Appointment Details' }).getByText('Cancelled').first().waitFor();
    await press(page, 'Escape');
    await expectFocusBack(page, 'Appointment Details', opener);
    await reach(page, { role: 'link', name: 'Calendar View' });
  });

  it('messages: search, filter, select, resolve and unresolve, reply; guest info', async () => {
    await arrive('/appointments/list-view-page');
    const all = await api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries');
    const unique = (q: Inquiry) => q.email !== null && all.filter((o) => (o.email ?? '').includes(q.email!)).length === 1;
    // The last new guest inquiry (the messages tests take the first ones).
    const guest = all.filter((q) => q.user_id === null && !q.resolved && !q.replied && unique(q)).at(-1)!;
    expect(guest, 'a new inquiry from a guest, found alone by its email').toBeDefined();
    const key = guest.message_id;
    const serverInquiry = async () => (await api<Inquiry[]>(page, server.baseUrl, `/admin/inquiries/${key}`))[0]!;

    await navigate('Messages');
    await waitForPath(page, '/messages');
    await reach(page, { testId: 'inquiry-search-by' });
    await chooseOption(page, 'Email');
    await reach(page, { testId: 'inquiry-filter' });
    await chooseOption(page, 'New');
    await waitFor('filter=New', () => search('filter') === 'New');
    await reach(page, { testId: 'inquiry-search' });
    await page.keyboard.type(guest.email!);
    await waitFor('one inquiry', async () => (await page.getByTestId('inquiry-row').count()) === 1, { timeout: 10_000 });
    await reach(page, { testId: 'inquiry-row' });
    await press(page, 'Enter');
    await waitFor('the inquiry selected', () => search('id') === String(key));
    const detail = page.locator(`[data-testid="inquiry-detail"][data-record-key="${key}"]`);
    await detail.waitFor();

    // The toggle keeps focus as it turns from one to the other.
    await reach(page, { role: 'button', name: 'Mark as Resolved' });
    await press(page, 'Enter');
    await expectFocus(page, { role: 'button', name: 'Mark as Unresolved' });
    await waitFor('resolved on the server', async () => (await serverInquiry()).resolved, { timeout: 20_000 });
    await press(page, 'Enter');
    await expectFocus(page, { role: 'button', name: 'Mark as Resolved' });
    await waitFor('unresolved on the server', async () => !(await serverInquiry()).resolved, { timeout: 20_000 });

    const reply = 'Yes: we are open until 9 tonight.';
    await reach(page, { role: 'textbox', name: 'Reply' });
    await page.keyboard.type(reply);
    await reach(page, { role: 'button', name: 'Send Reply' });
    await press(page, 'Enter');
    await toast(page, 'Reply sent successfully!').waitFor();
    await detail.getByText('Replied:', { exact: true }).waitFor();
    // The box and its button have gone: focus is on what replaced them, not lost to the page.
    await expectFocus(page, { name: 'Replied:' });
    expect(await serverInquiry()).toMatchObject({ replied: true, resolved: true, reply });

    await reach(page, { role: 'link', name: 'See Guest Info' });
    await press(page, 'Enter');
    await waitForPath(page, `/messages/${key}`);
    await page.getByText('User said:', { exact: true }).waitFor();
    expect(await page.getByTestId('guest-info-message').textContent()).toBe(guest.message);
    await reach(page, { role: 'link', name: /Back to messages/ });
    await press(page, 'Enter');
    await waitForPath(page, '/messages');
  });

  it('users: from an inquiry to its user, password reset, the users list (search, status, View Details)', async () => {
    await arrive('/messages');
    const all = await api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries');
    const users = await api<User[]>(page, server.baseUrl, '/admin/users');
    // One whose email asked once: the email search shows one row (a second inquiry of the same
    // person would be reached first as often as not).
    const asker = all
      .filter((q) => q.user_id !== null && users.some((u) => u.user_id === q.user_id && u.email))
      .filter((q) => all.filter((other) => other.email === q.email).length === 1)
      .at(-1)!;
    const user = users.find((u) => u.user_id === asker.user_id)!;

    // The page keeps the last search: by email, this time the asker's, in every inquiry.
    await reach(page, { testId: 'inquiry-search-by' });
    await chooseOption(page, 'Email');
    await reach(page, { testId: 'inquiry-search' });
    await retype(page, asker.email!);
    await reach(page, { testId: 'inquiry-filter' });
    await chooseOption(page, 'All');
    await reach(page, { testId: 'inquiry-row', name: new RegExp(`${asker.first_name} ${asker.last_name}`) });
    await press(page, 'Enter');
    await page.locator(`[data-testid="inquiry-detail"][data-record-key="${asker.message_id}"]`).waitFor();
    await reach(page, { role: 'link', name: 'See User Profile' });
    await press(page, 'Enter');
    await waitForPath(page, `/users/${user.user_id}`);
    await page.getByTestId('user-detail').waitFor();

    await reach(page, { role: 'button', name: 'Trigger Password Reset' });
    await press(page, 'Enter');
    await toast(page, 'Password reset email sent successfully.').waitFor();
    await expectFocus(page, { role: 'button', name: 'Trigger Password Reset' });

    await reach(page, { role: 'link', name: /Back to users/ });
    await press(page, 'Enter');
    await waitForPath(page, '/users');
    const other = users.filter((u) => u.status === 'inactive' && users.filter((o) => o.last_name === u.last_name).length === 1).at(-1)!;
    await reach(page, { testId: 'user-search' });
    await page.keyboard.type(other.last_name);
    await reach(page, { testId: 'user-status' });
    await chooseOption(page, 'Inactive');
    await waitFor('one user', async () => (await page.getByTestId('user-row').count()) === 1, { timeout: 10_000 });
    await reach(page, { role: 'link', name: `View Details: ${other.first_name} ${other.last_name}` });
    await press(page, 'Enter');
    await waitForPath(page, `/users/${other.user_id}`);
    await page.getByTestId('user-detail').waitFor();
  });

  it('at 390 px: the hamburger menu reaches a page, Escape closes it, Logout ends the session', async () => {
    await arrive();
    await page.setViewportSize(PHONE);
    const burger = { role: 'button', name: 'Open navigation' };
    const menu = page.getByRole('menu', { name: 'Open navigation' });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await reach(page, burger);
    await press(page, 'Enter');
    await menu.waitFor();
    await expectFocus(page, { role: 'menuitem', name: 'Home' });
    await press(page, 'Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocus(page, burger);

    // A page under its Prescriptions heading; focus back on the button once there.
    await press(page, 'Enter');
    await menu.waitFor();
    await arrowToItem(page, 'Autofill Requests');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/prescriptions/autofill');
    await menu.waitFor({ state: 'hidden' });
    await expectFocus(page, burger);

    await press(page, 'Enter');
    await menu.waitFor();
    await arrowToItem(page, 'Logout');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Greetings,' }).waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});
