// `npm run bench -- calendar`: the appointment calendar with 2,000 appointments cached, in
// Debian's Chromium against the real server. Prints the JavaScript the calendar route loads
// (gzip), the time to paint a week of events when the route opens, and the time to go from one
// fully booked week to the next.
//   BENCH_APPOINTMENTS (default 2000)
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { openDb } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/seed/demo';
import { insertRows } from '../src/server/seed/insert-rows';
import { CONSULTATIONS, FIRST_NAMES, LAST_NAMES, VACCINES } from '../src/server/seed/ontario-data';
import { SLOT_TIMES } from '../src/shared/appointment-slots';
import { ADMIN_TOKEN_KEY, API_BASE } from '../src/shared/constants';
import type { Appointment } from '../src/shared/entities';
import { addDays, localDate, sundayOf, weekday } from '../src/shared/time';
import { ADMIN } from '../tests/e2e/support/accounts';
import { launchBrowser, networkQuiet, newContext } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signIn } from '../tests/e2e/support/sign-in';
import { partLoad } from './report';

const TOTAL = Number(process.env.BENCH_APPOINTMENTS ?? 2000);
const TIME_ZONE = 'America/Toronto';
const ROUNDS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)} ms; ${values.length} runs)`;

/**
 * The demo data, then bookings on every free slot (Monday to Saturday) from this week on until
 * `TOTAL` appointments exist: the weeks after this one are fully booked.
 */
async function seed(dataDir: string): Promise<void> {
  const db = await openDb({ dataDir });
  try {
    await migrate(db);
    const now = new Date();
    await seedDemo(db, { timeZone: TIME_ZONE, pharmacyName: 'Trillium Street Pharmacy', now });
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments');
    const taken = new Set(
      (await db.query<{ slot: string }>(`SELECT date::text || ' ' || start_time::text AS slot FROM appointments`)).map(
        (r) => r.slot,
      ),
    );
    const free: { date: string; start_time: string }[] = [];
    for (let date = sundayOf(localDate(now, TIME_ZONE)); free.length < TOTAL - n; date = addDays(date, 1)) {
      if (weekday(date) === 0) continue;
      for (const start_time of SLOT_TIMES) if (!taken.has(`${date} ${start_time}`)) free.push({ date, start_time });
    }
    const slots = free.slice(0, Math.max(0, TOTAL - n));
    await db.transaction(async (tx) => {
      const person = (i: number) => ({
        first_name: FIRST_NAMES[i % FIRST_NAMES.length],
        last_name: LAST_NAMES[(i * 7) % LAST_NAMES.length],
        phone_number: `(416) 555-${String(i % 10000).padStart(4, '0')}`,
        email: `bench${i}@example.com`,
        date_of_birth: '1980-01-01',
      });
      const vaccines = await insertRows<{ vaccine_id: number }>(
        tx,
        'vaccine_bookings',
        slots.filter((_, i) => i % 2 === 0).map((_, i) => ({ ...person(i), vaccine_type: VACCINES[i % VACCINES.length] })),
        'vaccine_id',
      );
      const consultations = await insertRows<{ consultation_id: number }>(
        tx,
        'consultation_bookings',
        slots.filter((_, i) => i % 2 === 1).map((_, i) => ({ ...person(i + 1), consultation_type: CONSULTATIONS[i % CONSULTATIONS.length] })),
        'consultation_id',
      );
      await insertRows(
        tx,
        'appointments',
        slots.map((slot, i) => ({
          ...slot,
          appointment_type: i % 2 === 0 ? 'Vaccine' : 'Consultation',
          vaccine_id: i % 2 === 0 ? vaccines[i / 2]!.vaccine_id : null,
          consultation_id: i % 2 === 1 ? consultations[(i - 1) / 2]!.consultation_id : null,
        })),
      );
    });
  } finally {
    await db.close();
  }
}

/**
 * Whether the first whole sync of the appointments committed: the app's own `sync:appointments`
 * measure (offline/timing.ts), so the bench does not depend on how the cache lays out its rows.
 */
function appointmentsSynced(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .some((entry) => entry.name === 'sync:appointments' && Boolean((entry as PerformanceMeasure).detail?.whole)),
  );
}

/** Events the calendar should show per visible date range: every appointment not cancelled. */
function shownPerDate(all: Appointment[]): Record<string, number> {
  const perDate: Record<string, number> = {};
  for (const a of all) if (a.status !== 'cancelled') perDate[a.date] = (perDate[a.date] ?? 0) + 1;
  return perDate;
}

/**
 * Runs `act` in the page, then counts frames until the calendar shows every event of its dates;
 * answers the milliseconds from `act` to that painted frame. No named helpers inside: tsx would
 * wrap them in a __name() the page does not have.
 */
function timeUntilWeekPainted(page: Page, act: 'next' | 'nav', perDate: Record<string, number>): Promise<number> {
  return page.evaluate(
    async ({ act, perDate }) => {
      const firstBefore = document.querySelector('td.fc-timegrid-col[data-date]')?.getAttribute('data-date') ?? null;
      const started = performance.now();
      if (act === 'next') document.querySelector<HTMLElement>('.fc-next-button')!.click();
      else document.querySelector<HTMLElement>('a[href="/appointments/calendar-view-page"]')!.click();
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        const columns = Array.from(document.querySelectorAll('td.fc-timegrid-col[data-date]'));
        if (columns.length === 0 || columns[0]!.getAttribute('data-date') === firstBefore) continue;
        const expected = columns.reduce((sum, c) => sum + (perDate[c.getAttribute('data-date')!] ?? 0), 0);
        const shown = document.querySelectorAll('.fc-event[data-appointment-id]').length;
        if (shown === expected) {
          // Checked before this frame's paint: one more task after it ends the figure after the paint.
          await new Promise((resolve) => setTimeout(resolve, 0));
          return { ms: performance.now() - started, shown };
        }
      }
    },
    { act, perDate },
  ).then((result) => result.ms);
}

export async function benchCalendar(): Promise<void> {
  const load = partLoad();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharmacy-bench-calendar-'));
  console.log(`Seeding the demo data and ${TOTAL.toLocaleString('en-CA')} appointments in all…`);
  await seed(dataDir);
  const [server, browser] = await Promise.all([
    startServer({ dataDir, env: { SKIP_BUILD: '', PHARMACY_TIMEZONE: TIME_ZONE } }),
    launchBrowser(),
  ]);
  try {
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'Pacific/Auckland' });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
    });
    await signIn(page, server.baseUrl, ADMIN);
    const deadline = Date.now() + 120_000;
    while (!(await appointmentsSynced(page))) {
      if (Date.now() > deadline) throw new Error('the appointments never reached the cache');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
    const all = (await (
      await fetch(`${server.baseUrl}${API_BASE}/admin/appointments-bookings`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as Appointment[];
    const perDate = shownPerDate(all);

    // 1. JavaScript: what the first visit of the calendar route adds to the signed-in app.
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await networkQuiet(page);
    const before = new Set(scripts.keys());
    const firstVisit = await timeUntilWeekPainted(page, 'nav', perDate);
    await networkQuiet(page);
    const routeScripts = [...scripts].filter(([name]) => !before.has(name));
    const routeKb = routeScripts.reduce((sum, [, size]) => sum + size, 0) / 1024;
    // ... and everything a fresh load of the calendar page runs, with no HTTP cache.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    scripts.clear();
    await page.reload();
    await page.locator('.fc-event').first().waitFor();
    await networkQuiet(page);
    const fullKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });

    // 2. Opening the route (chunks cached): from the click to this week's events painted.
    const opens: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await page.getByRole('link', { name: 'Home' }).click();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      opens.push(await timeUntilWeekPainted(page, 'nav', perDate));
    }
    const thisWeek = await page.locator('.fc-event[data-appointment-id]').count();

    // 3. Week to week over fully booked weeks.
    const weeks: number[] = [];
    for (let i = 0; i < ROUNDS; i++) weeks.push(await timeUntilWeekPainted(page, 'next', perDate));
    const fullWeek = await page.locator('.fc-event[data-appointment-id]').count();

    console.log('');
    console.log(`Benchmark: the appointment calendar with ${all.length.toLocaleString('en-CA')} appointments cached (Chromium ${browser.version()})`);
    console.log(`  (${load.words()}; no baseline measured beside these figures yet)`);
    console.log(
      `  JS the calendar route adds (gzip)             ${routeKb.toFixed(1)} KB: ` +
        routeScripts.map(([name, size]) => `${name.replace('/assets/', '')} ${(size / 1024).toFixed(1)}`).join(', '),
    );
    console.log(`  JS of a fresh load of the calendar page        ${fullKb.toFixed(1)} KB (gzip, ${scripts.size} files)`);
    console.log(`  first visit of the route, click to week painted ${firstVisit.toFixed(0)} ms (chunks fetched)`);
    console.log(`  route opened again, click to week painted      ${ms(opens)} (${thisWeek} events this week)`);
    console.log(`  next week, click to week painted               ${ms(weeks)} (${fullWeek} events in a fully booked week)`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
