// What the appointment page tests share: the server's view of the appointments, the pharmacy's
// clock, and finding days, slots and events on the calendar.
import type { Locator, Page } from 'playwright-core';
import { API_BASE } from '../../../src/shared/constants';
import type { Appointment } from '../../../src/shared/entities';
import { api } from '../prescriptions/helpers';

/** The browser runs far from the pharmacy (America/Toronto): Auckland is 18 hours ahead. */
export const BROWSER_TIME_ZONE = 'Pacific/Auckland';

export const CALENDAR = '/appointments/calendar-view-page';
export const MANAGE = '/appointments/manage-availabilities-page';
export const LIST = '/appointments/list-view-page';

export function appointments(page: Page, baseUrl: string): Promise<Appointment[]> {
  return api<Appointment[]>(page, baseUrl, '/admin/appointments-bookings');
}

export async function serverAppointment(page: Page, baseUrl: string, id: number): Promise<Appointment | undefined> {
  return (await appointments(page, baseUrl)).find((a) => a.appointment_id === id);
}

/** The pharmacy's zone, as the server tells the app. */
export async function pharmacyZone(baseUrl: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}${API_BASE}/config`)).json()) as { timeZone: string };
  return config.timeZone;
}

/** Today on the pharmacy's calendar. */
export function pharmacyToday(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** '1:50 PM' for '13:50:00' (the browser's en-US locale). */
export function clockText(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The modal's Date & Time for an appointment. */
export function whenText(a: Appointment, today: string): string {
  const day =
    a.date === today
      ? 'Today'
      : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${a.date}T00:00:00Z`));
  return `${day} at ${clockText(a.start_time)}`;
}

/** The dates the calendar shows now. */
export function visibleDates(page: Page): Promise<string[]> {
  return page.locator('td.fc-timegrid-col[data-date]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date')!));
}

/** Moves the calendar (prev / next) until `date` is on screen. */
export async function showDate(page: Page, date: string): Promise<void> {
  for (let step = 0; step < 10; step++) {
    const dates = await visibleDates(page);
    if (dates.includes(date)) return;
    const later = dates.length > 0 && date > dates.at(-1)!;
    await page.locator(later ? '.fc-next-button' : '.fc-prev-button').click();
    await page.waitForFunction(
      (before) => document.querySelector('td.fc-timegrid-col[data-date]')?.getAttribute('data-date') !== before,
      dates[0],
    );
  }
  throw new Error(`the calendar never showed ${date}`);
}

export function calendarEvent(page: Page, id: number): Locator {
  return page.locator(`.fc-event[data-appointment-id="${id}"]`);
}

export function dayColumn(page: Page, date: string): Locator {
  return page.locator(`td.fc-timegrid-col[data-date="${date}"]`);
}

export function slotLane(page: Page, time: string): Locator {
  return page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`);
}

/** Drags over a day's slots, from the start of `from` to the end of `to` (slot start times). */
export async function dragSelect(page: Page, date: string, from: string, to: string): Promise<void> {
  await slotLane(page, to).scrollIntoViewIfNeeded();
  await slotLane(page, from).scrollIntoViewIfNeeded();
  const column = (await dayColumn(page, date).boundingBox())!;
  const first = (await slotLane(page, from).boundingBox())!;
  const last = (await slotLane(page, to).boundingBox())!;
  const x = column.x + column.width / 2;
  await page.mouse.move(x, first.y + 10);
  await page.mouse.down();
  await page.mouse.move(x, first.y + first.height / 2, { steps: 4 });
  await page.mouse.move(x, last.y + last.height / 2, { steps: 8 });
  await page.mouse.up();
}

export function modal(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Appointment Details' });
}

/** The value beside a label in the modal's field list. */
export async function fieldValue(page: Page, label: string): Promise<string | null> {
  // Every loaded modal shows 'First Name': wait for the details before asking for a field.
  await modal(page).locator('dt', { hasText: /^First Name$/ }).waitFor();
  const term = modal(page).locator('dt', { hasText: new RegExp(`^${label}$`) });
  if ((await term.count()) === 0) return null;
  return term.locator('xpath=following-sibling::dd[1]').textContent();
}

/** A toast (the spec's alert) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

/**
 * The calendar's first event, once shown. On a phone the calendar shows one day, today, and the
 * pharmacy is closed on Sundays: a day without any goes on to the next (a week at most).
 */
export async function firstCalendarEvent(page: Page): Promise<Locator> {
  const event = page.locator('.fc-event').first();
  for (let day = 0; ; day += 1) {
    try {
      await event.waitFor({ timeout: day < 6 ? 5_000 : 30_000 });
      return event;
    } catch (error) {
      if (day >= 6) throw error;
    }
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
}
