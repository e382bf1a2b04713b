// The appointment pages offline (DESIGN 4), in Chromium set to a zone far from the pharmacy's:
// the calendar, the list and every modal's details (members too) from the device's cache; a
// cancellation queued offline applied once after reconnect; a refused one shown in words with
// Retry and Discard; blocking says why it waits for the network. The server runs on PostgreSQL
// so the test can read the audit trail and the email outbox, and play a colleague.
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../src/shared/entities';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, waitForServiceWorkerControl, goOffline, goOnline } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { unsentCount } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';
import {
  BROWSER_TIME_ZONE,
  CALENDAR,
  LIST,
  MANAGE,
  appointments,
  calendarEvent,
  fieldValue,
  modal,
  pharmacyToday,
  pharmacyZone,
  showDate,
  visibleDates,
} from './helpers';

// It reads and writes the server's database while the server runs: a PostgreSQL server given by
// DATABASE_URL (CI's PostgreSQL stage). Without one (npm test on the embedded database) it is skipped.
const ADMIN_URL = process.env.DATABASE_URL ?? '';
const dbName = `e2e_appointments_${Date.now()}`;
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);

let admin: pg.Client;
let db: pg.Client;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let today: string;
/** The server's appointments as they were before going offline. */
let known: Appointment[];

beforeAll(async () => {
  if (!ADMIN_URL) return;
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  [server, browser] = await Promise.all([startServer({ env: { DATABASE_URL: dbUrl } }), launchBrowser()]);
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  context = await newContext(browser, { withServiceWorker: true, timezoneId: BROWSER_TIME_ZONE });
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  today = pharmacyToday(await pharmacyZone(server.baseUrl));
  await openCalendar();
  await waitForServiceWorkerControl(page);
  // Every page's chunks once online, as staff would have (the worker precaches them anyway).
  for (const path of [LIST, MANAGE, CALENDAR]) await page.goto(`${server.baseUrl}${path}`);
  known = await appointments(page, server.baseUrl);
});

afterAll(async () => {
  if (!ADMIN_URL) return;
  await context?.setOffline(false);
  await db?.end().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin?.end();
});

async function openCalendar(path = CALENDAR): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.fc-event').first().waitFor();
}


/** Scheduled, still to come, matching `test`, not one used before; soonest first. */
const used = new Set<number>();
function upcoming(test: (a: Appointment) => boolean): Appointment {
  const found = known
    .filter((a) => a.status === 'scheduled' && a.date > today && !used.has(a.appointment_id) && test(a))
    .sort((a, b) => `${a.date}${a.start_time}`.localeCompare(`${b.date}${b.start_time}`))[0];
  if (!found) throw new Error('no such appointment in the demo data');
  used.add(found.appointment_id);
  return found;
}

async function serverRow(id: number): Promise<{ status: string }> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM appointments WHERE appointment_id = $1', [id]);
  return rows[0]!;
}

async function cancelInModal(appointment: Appointment): Promise<void> {
  await showDate(page, appointment.date);
  await calendarEvent(page, appointment.appointment_id).click();
  await modal(page).getByRole('button', { name: 'Cancel Appointment' }).click();
  await page.getByRole('dialog', { name: 'Are you sure you want to cancel this appointment?' }).getByRole('button', { name: 'Confirm' }).click();
  await modal(page).waitFor({ state: 'detached' });
}

describe.skipIf(!ADMIN_URL)('offline', () => {
  it('the calendar, the list and the modal (members too) come from the cache', async () => {
    await goOffline(context, page);
    await page.reload();
    await page.locator('.fc-event').first().waitFor();
    const dates = await visibleDates(page);
    const week = known.filter((a) => dates.includes(a.date) && a.status !== 'cancelled');
    await expect.poll(() => page.locator('.fc-event[data-appointment-id]').count(), { timeout: 10_000 }).toBe(week.length);

    const household = upcoming((a) => a.appointment_type === 'Vaccine' && a.number_of_people > 1);
    await showDate(page, household.date);
    await calendarEvent(page, household.appointment_id).click();
    expect(await fieldValue(page, 'First Name')).toBe(household.first_name);
    await modal(page).getByRole('button', { name: 'See Other Patients' }).click();
    await expect.poll(() => modal(page).getByTestId('appointment-member').count(), { timeout: 10_000 }).toBe(household.members.length - 1);
    await page.keyboard.press('Escape');

    await page.goto(`${server.baseUrl}${LIST}`);
    await page.getByTestId('appointment-card').first().waitFor();
    await page.getByTestId('appointment-search').fill(household.email!);
    // The same email may have booked more than once: the card of this very appointment.
    await page.locator(`[data-testid="appointment-card"][data-appointment-id="${household.appointment_id}"]`).click();
    expect(await fieldValue(page, 'Number of People')).toBe(String(household.number_of_people));
    await page.keyboard.press('Escape');

    // Blocking needs the server: the buttons say so instead of failing.
    await page.goto(`${server.baseUrl}${MANAGE}`);
    await page.getByTestId('availability-offline').waitFor();
    expect(await page.getByRole('button', { name: 'Finalize Availabilities' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Unblock Availabilities' }).isDisabled()).toBe(true);
    await goOnline(context, page);
  });

  it('a cancellation queued offline shows at once, survives a reload, and is applied once after reconnect', async () => {
    const target = upcoming((a) => a.appointment_type === 'Vaccine' && a.number_of_people === 1 && a.email !== null);
    await openCalendar();
    await goOffline(context, page);
    await cancelInModal(target);
    await page.getByText('Saved on this device. It will be sent when the connection returns.').first().waitFor();
    const event = calendarEvent(page, target.appointment_id);
    await event.getByTestId('event-mark').getByText('Pending').waitFor();
    expect(await event.evaluate((el) => el.classList.contains('is-cancelling'))).toBe(true);
    expect(await unsentCount(page)).toBe(1);

    await page.reload();
    await showDate(page, target.date);
    await calendarEvent(page, target.appointment_id).getByTestId('event-mark').waitFor();
    await calendarEvent(page, target.appointment_id).click();
    expect(await modal(page).getByTestId('appointment-status').textContent()).toBe('Cancelled');
    await modal(page).getByTestId('pending-mark').waitFor();
    await page.keyboard.press('Escape');
    expect((await serverRow(target.appointment_id)).status).toBe('scheduled');

    await goOnline(context, page);
    await waitFor('the outbox to drain', async () => (await unsentCount(page)) === 0, { timeout: 30_000 });
    await calendarEvent(page, target.appointment_id).waitFor({ state: 'detached' });
    expect((await serverRow(target.appointment_id)).status).toBe('cancelled');
    const { rows: events } = await db.query(
      `SELECT 1 FROM request_status_events WHERE entity = 'appointments' AND record_id = $1`,
      [target.appointment_id],
    );
    expect(events).toHaveLength(1);
    const { rows: emails } = await db.query(`SELECT 1 FROM email_outbox WHERE kind = 'appointment_cancelled' AND to_address = $1`, [
      target.email,
    ]);
    expect(emails).toHaveLength(1);
  });

  it("a cancellation the server now refuses is a conflict in words; the server's state stays", async () => {
    const target = upcoming((a) => a.appointment_type === 'Consultation');
    await openCalendar();
    await goOffline(context, page);
    await cancelInModal(target);
    await calendarEvent(page, target.appointment_id).getByTestId('event-mark').getByText('Pending').waitFor();
    // Meanwhile the appointment took place and a colleague's system marked it completed.
    await db.query(`UPDATE appointments SET status = 'completed' WHERE appointment_id = $1`, [target.appointment_id]);
    await goOnline(context, page);

    const mark = calendarEvent(page, target.appointment_id).getByTestId('event-mark');
    await mark.getByText('Conflict').waitFor({ timeout: 30_000 });
    expect(await calendarEvent(page, target.appointment_id).evaluate((el) => el.classList.contains('is-cancelling'))).toBe(false);
    await calendarEvent(page, target.appointment_id).click();
    const conflict = modal(page).getByTestId('appointment-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('Cancel Appointment: not applied');
    expect(await conflict.textContent()).toMatch(/completed; it cannot be cancelled/);
    expect(await modal(page).getByTestId('appointment-status').textContent()).toBe('Completed');
    expect(await modal(page).getByRole('button', { name: 'Cancel Appointment' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByTestId('unsent-changes-button').click();
    const entry = page.getByTestId('unsent-entry');
    await entry.getByRole('button', { name: 'Retry' }).waitFor();
    await entry.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await waitFor('the discard', async () => (await unsentCount(page)) === 0, { timeout: 10_000 });
    await mark.waitFor({ state: 'detached' });
    expect((await serverRow(target.appointment_id)).status).toBe('completed');
  });
});
