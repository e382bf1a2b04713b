// The appointment pages online (spec section 2), in Chromium set to a time zone 18 hours away
// from the pharmacy's: the calendar's hours, slots and colours on the pharmacy's clock, the
// details modal, cancelling, blocking and unblocking by dragging, and the list page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_COLORS } from '../../../src/client/features/appointments/calendar-events';
import type { Appointment } from '../../../src/shared/entities';
import { addDays } from '../../../src/shared/time';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { mailbox } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';
import {
  BROWSER_TIME_ZONE,
  CALENDAR,
  LIST,
  MANAGE,
  appointments,
  calendarEvent,
  clockText,
  dayColumn,
  dragSelect,
  fieldValue,
  modal,
  pharmacyToday,
  pharmacyZone,
  serverAppointment,
  showDate,
  slotLane,
  toast,
  visibleDates,
  whenText,
} from './helpers';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let today: string;

const BLOCK_REFUSED =
  'Failed to block availabilities. Cannot block these availabilities as there is either a booked appointment or already a blocked time slot in this time range.';

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newContext(browser, { timezoneId: BROWSER_TIME_ZONE });
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  today = pharmacyToday(await pharmacyZone(server.baseUrl));
});

afterAll(async () => {
  await browser?.close();
});

async function openCalendar(path = CALENDAR): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.fc-event').first().waitFor();
}

/** 'HH:MM:SS' 20 minutes later. */
function slotEnd(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const minutes = h * 60 + m + 20;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** A scheduled appointment to come (today or later) matching `test`, soonest first. */
async function upcoming(test: (a: Appointment) => boolean): Promise<Appointment> {
  const all = await appointments(page, server.baseUrl);
  const found = all
    .filter((a) => a.status === 'scheduled' && a.date > today && test(a))
    .sort((a, b) => `${a.date}${a.start_time}`.localeCompare(`${b.date}${b.start_time}`))[0];
  if (!found) throw new Error('no such appointment in the demo data');
  return found;
}

async function openModal(appointment: Appointment): Promise<void> {
  await showDate(page, appointment.date);
  await calendarEvent(page, appointment.appointment_id).click();
  await modal(page).waitFor();
}

describe('calendar', () => {
  it("shows the pharmacy's day and hours, 20-minute slots of 60px, no all-day row, events by type and colour", async () => {
    await openCalendar();
    await page.getByRole('heading', { name: 'Appointments Dashboard' }).waitFor();
    const dates = await visibleDates(page);
    expect(dates).toHaveLength(7);
    // The pharmacy's today, not Auckland's (a day ahead most of the time).
    expect(dates).toContain(today);
    expect(await page.locator(`td.fc-day-today[data-date="${today}"]`).count()).toBe(1);

    const labels = await page.locator('td.fc-timegrid-slot-label[data-time]').evaluateAll((cells) =>
      cells.map((c) => c.getAttribute('data-time')),
    );
    expect(labels).toHaveLength(23);
    expect(labels[0]).toBe('10:50:00');
    expect(labels[1]).toBe('11:10:00');
    expect(labels.at(-1)).toBe('18:10:00');
    const row = (await slotLane(page, '12:10:00').boundingBox())!;
    expect(row.height).toBeCloseTo(60, 0);
    expect(await page.locator('.fc-daygrid-body').count()).toBe(0);

    // This week and the next (the demo data runs to the end of next week): every type shows.
    const all = await appointments(page, server.baseUrl);
    const types = new Set<string>();
    for (const week of [0, 1]) {
      if (week === 1) await showDate(page, addDays(dates.at(-1)!, 1));
      const days = await visibleDates(page);
      const inWeek = all.filter((a) => days.includes(a.date));
      const shown = inWeek.filter((a) => a.status !== 'cancelled');
      // The events follow the dates in a second render.
      await expect.poll(() => page.locator('.fc-event[data-appointment-id]').count(), { timeout: 10_000 }).toBe(shown.length);
      for (const a of shown) {
        const event = calendarEvent(page, a.appointment_id);
        const box = (await event.boundingBox())!;
        const lane = (await slotLane(page, a.start_time).boundingBox())!;
        const column = (await dayColumn(page, a.date).boundingBox())!;
        // One 20-minute block in its day's column, at its wall-clock slot.
        expect(Math.abs(box.y - lane.y), `${a.appointment_id} at ${a.start_time}`).toBeLessThan(3);
        expect(box.height).toBeGreaterThan(52);
        expect(box.height).toBeLessThan(62);
        expect(box.x).toBeGreaterThanOrEqual(column.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 1);
        expect(await event.textContent()).toContain(a.appointment_type);
        expect(await event.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(EVENT_COLORS[a.appointment_type]));
        types.add(a.appointment_type);
      }
      for (const a of inWeek.filter((x) => x.status === 'cancelled')) {
        expect(await calendarEvent(page, a.appointment_id).count()).toBe(0);
      }
    }
    expect(types).toEqual(new Set(['Vaccine', 'Consultation', 'Blocked']));
  });

  it('goes to the manage page and back, and to the list', async () => {
    await openCalendar();
    await page.getByRole('link', { name: 'Manage Availabilities' }).click();
    await page.waitForURL((url) => url.pathname === MANAGE);
    await page.getByRole('heading', { name: 'Block/Unblock Availabilities' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === CALENDAR);
    await page.getByRole('link', { name: 'List View' }).click();
    await page.waitForURL((url) => url.pathname === LIST);
  });
});

describe('details modal', () => {
  it('a household vaccine booking: every field, the other patients, closing on X, Escape and outside', async () => {
    await openCalendar();
    const household = await upcoming((a) => a.appointment_type === 'Vaccine' && a.number_of_people > 1);
    await openModal(household);
    expect(await fieldValue(page, 'Requested Vaccine')).toBe(household.vaccine);
    expect(await fieldValue(page, 'Reason')).toBeNull();
    expect(await fieldValue(page, 'Date & Time')).toBe(whenText(household, today));
    expect(await fieldValue(page, 'First Name')).toBe(household.first_name);
    expect(await fieldValue(page, 'Last Name')).toBe(household.last_name);
    expect(await fieldValue(page, 'Phone Number')).toBe(household.phone_number);
    expect(await fieldValue(page, 'Email')).toBe(household.email);
    expect(await fieldValue(page, 'Date of Birth')).toBe(household.date_of_birth!.slice(0, 10));
    expect(await fieldValue(page, 'Address')).toBe(`${household.address}, ${household.city}, ${household.province}`);
    expect(await fieldValue(page, 'Number of People')).toBe(String(household.number_of_people));

    await modal(page).getByRole('button', { name: 'See Other Patients' }).click();
    const members = modal(page).getByTestId('appointment-members');
    await members.getByRole('heading', { name: 'All Patients in This Booking' }).waitFor();
    const others = household.members.slice(1);
    expect(await members.getByTestId('appointment-member').count()).toBe(others.length);
    // Each member in booking order (a household may hold two people of one name: the demo data
    // drew two Chloe Ahmeds one day).
    for (const [i, member] of others.entries()) {
      const text = await members.getByTestId('appointment-member').nth(i).textContent();
      expect(text).toContain(`${member.first_name} ${member.last_name}`);
      expect(text).toContain(member.date_of_birth!.slice(0, 10));
      expect(text).toContain(`${member.address}, ${member.city}, ${member.province}`);
    }
    await modal(page).getByRole('button', { name: 'Hide Other Patients' }).click();
    await members.waitFor({ state: 'detached' });

    await modal(page).getByRole('button', { name: 'Close' }).click();
    await modal(page).waitFor({ state: 'detached' });
    await calendarEvent(page, household.appointment_id).click();
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await calendarEvent(page, household.appointment_id).click();
    await modal(page).waitFor();
    await page.mouse.click(8, 700);
    await modal(page).waitFor({ state: 'detached' });
  });

  it('a one-person vaccine booking and a consultation', async () => {
    await openCalendar();
    const single = await upcoming((a) => a.appointment_type === 'Vaccine' && a.number_of_people === 1);
    await openModal(single);
    expect(await fieldValue(page, 'Requested Vaccine')).toBe(single.vaccine);
    expect(await fieldValue(page, 'Number of People')).toBeNull();
    expect(await modal(page).getByRole('button', { name: 'See Other Patients' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });

    const consultation = await upcoming((a) => a.appointment_type === 'Consultation');
    await openModal(consultation);
    expect(await fieldValue(page, 'Reason')).toBe(consultation.consultation);
    expect(await fieldValue(page, 'Requested Vaccine')).toBeNull();
    expect(await fieldValue(page, 'Date & Time')).toBe(whenText(consultation, today));
    expect(await fieldValue(page, 'First Name')).toBe(consultation.first_name);
    await page.keyboard.press('Escape');
  });

  it('cancels after the confirm, says so once the server has it, and emails the patient', async () => {
    await openCalendar();
    const target = await upcoming((a) => a.appointment_type === 'Consultation' && a.email !== null);
    const emailsBefore = (await mailbox(server.dataDir)).filter((m) => m.includes(target.email!)).length;
    await openModal(target);
    await modal(page).getByRole('button', { name: 'Cancel Appointment' }).click();
    const question = page.getByRole('dialog', { name: 'Are you sure you want to cancel this appointment?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect((await serverAppointment(page, server.baseUrl, target.appointment_id))?.status).toBe('scheduled');

    await modal(page).getByRole('button', { name: 'Cancel Appointment' }).click();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await modal(page).waitFor({ state: 'detached' });
    await toast(page, 'Appointment cancelled successfully.').waitFor();
    await calendarEvent(page, target.appointment_id).waitFor({ state: 'detached' });
    expect((await serverAppointment(page, server.baseUrl, target.appointment_id))?.status).toBe('cancelled');
    await waitFor(
      'the cancellation email',
      async () => (await mailbox(server.dataDir)).filter((m) => m.includes(target.email!)).length === emailsBefore + 1,
      { timeout: 20_000 },
    );
    const email = (await mailbox(server.dataDir)).filter((m) => m.includes(target.email!)).at(-1)!;
    expect(email).toMatch(/has been cancelled/);
  });
});

describe('manage availabilities', () => {
  /** A day on screen with three free slots in a row, and those slots. */
  async function freeSlots(): Promise<{ date: string; times: string[] }> {
    const dates = await visibleDates(page);
    const taken = new Set(
      (await appointments(page, server.baseUrl)).filter((a) => a.status !== 'cancelled').map((a) => `${a.date} ${a.start_time}`),
    );
    const times = await page.locator('td.fc-timegrid-slot-lane[data-time]').evaluateAll((cells) =>
      cells.map((c) => c.getAttribute('data-time')!),
    );
    for (const date of dates.slice(1)) {
      for (let i = 2; i + 3 <= times.length; i++) {
        const run = times.slice(i, i + 3);
        if (run.every((t) => !taken.has(`${date} ${t}`))) return { date, times: run };
      }
    }
    throw new Error('no free slots on screen');
  }

  it('asks for a range first', async () => {
    await openCalendar(MANAGE);
    expect(await page.getByLabel('From').getAttribute('placeholder')).toBe('Select a start time');
    expect(await page.getByLabel('Until').getAttribute('placeholder')).toBe('Select an end time');
    await page.getByRole('button', { name: 'Finalize Availabilities' }).click();
    await toast(page, 'Please select a valid date and time range.').waitFor();
    expect(new URL(page.url()).pathname).toBe(MANAGE);
  });

  it('blocks a dragged range, then unblocks it, each time back on the calendar', async () => {
    await openCalendar(MANAGE);
    const { date, times } = await freeSlots();
    await dragSelect(page, date, times[0]!, times[2]!);
    await waitFor('the selection', async () => (await page.getByLabel('From').inputValue()) !== '', { timeout: 5000 });
    // The sidebar shows the selection on the pharmacy's clock: the first slot's start, the last one's end.
    expect(await page.getByLabel('From').inputValue()).toContain(clockText(times[0]!));
    expect(await page.getByLabel('Until').inputValue()).toContain(clockText(slotEnd(times[2]!)));
    await page.getByRole('button', { name: 'Finalize Availabilities' }).click();
    await toast(page, 'Availabilities blocked successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === CALENDAR);

    const blocked = async () =>
      (await appointments(page, server.baseUrl))
        .filter((a) => a.appointment_type === 'Blocked' && a.date === date && times.includes(a.start_time))
        .map((a) => a.start_time)
        .sort();
    // The server holds the pharmacy's wall-clock slots, though the browser is in Auckland.
    expect(await blocked()).toEqual(times);
    await showDate(page, date);
    const ids = (await appointments(page, server.baseUrl))
      .filter((a) => a.appointment_type === 'Blocked' && a.date === date && times.includes(a.start_time))
      .map((a) => a.appointment_id);
    for (const id of ids) {
      const event = calendarEvent(page, id);
      await event.waitFor();
      expect(await event.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(EVENT_COLORS.Blocked));
    }

    await openCalendar(MANAGE);
    await showDate(page, date);
    await dragSelect(page, date, times[0]!, times[2]!);
    await waitFor('the selection', async () => (await page.getByLabel('Until').inputValue()) !== '', { timeout: 5000 });
    await page.getByRole('button', { name: 'Unblock Availabilities' }).click();
    await toast(page, 'Availabilities unblocked successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === CALENDAR);
    expect(await blocked()).toEqual([]);
    await showDate(page, date);
    for (const id of ids) await calendarEvent(page, id).waitFor({ state: 'detached' });
  });

  it('blocks a range typed with the keyboard alone, no drag (WCAG 2.5.7); a mistyped time is named and refused', async () => {
    await openCalendar(MANAGE);
    const { date, times } = await freeSlots();
    const from = page.getByLabel('From');
    await from.focus();
    await page.keyboard.type(`${date} 25:00`);
    await page.keyboard.press('Tab');
    await page.getByText('Not a date and time: type it as 2026-11-24 14:10.').waitFor();
    await from.fill('');
    await from.focus();
    await page.keyboard.type(`${date} ${times[0]!.slice(0, 5)}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('availability-until');
    // Until before From is not a range.
    await page.keyboard.type(`${date} ${times[0]!.slice(0, 5)}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await toast(page, 'Please select a valid date and time range.').waitFor();
    await page.getByLabel('Until').fill(`${date} ${slotEnd(times[1]!).slice(0, 5)}`);
    await page.getByLabel('Until').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Finalize Availabilities');
    await page.keyboard.press('Enter');
    await toast(page, 'Availabilities blocked successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === CALENDAR);
    const blocked = (await appointments(page, server.baseUrl)).filter(
      (a) => a.appointment_type === 'Blocked' && a.date === date && times.includes(a.start_time),
    );
    expect(blocked.map((a) => a.start_time).sort()).toEqual(times.slice(0, 2));
    // Each event is named for a screen reader by type, day and time, not by its time and type alone.
    await showDate(page, date);
    const name = await calendarEvent(page, blocked[0]!.appointment_id).getAttribute('aria-label');
    expect(name).toMatch(/^Blocked, .*, \d{1,2}:\d{2}.* to \d{1,2}:\d{2}/);

    // Unblocked the same way, leaving the calendar as it was.
    await openCalendar(MANAGE);
    await page.getByLabel('From').fill(`${date} ${times[0]!.slice(0, 5)}`);
    await page.getByLabel('Until').fill(`${date} ${slotEnd(times[1]!).slice(0, 5)}`);
    await page.getByRole('button', { name: 'Unblock Availabilities' }).press('Enter');
    await toast(page, 'Availabilities unblocked successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === CALENDAR);
  });

  it("is refused over a booked slot with the server's words, and nothing is blocked", async () => {
    await openCalendar(MANAGE);
    const booked = await upcoming((a) => a.appointment_type !== 'Blocked' && a.start_time > '11:10:00');
    await showDate(page, booked.date);
    const before = (await appointments(page, server.baseUrl)).filter((a) => a.appointment_type === 'Blocked').length;
    const lanes = await page.locator('td.fc-timegrid-slot-lane[data-time]').evaluateAll((cells) =>
      cells.map((c) => c.getAttribute('data-time')!),
    );
    const at = lanes.indexOf(booked.start_time);
    await dragSelect(page, booked.date, lanes[at - 1]!, lanes[at]!);
    await waitFor('the selection', async () => (await page.getByLabel('Until').inputValue()) !== '', { timeout: 5000 });
    await page.getByRole('button', { name: 'Finalize Availabilities' }).click();
    await toast(page, BLOCK_REFUSED).waitFor();
    await page.waitForURL((url) => url.pathname === CALENDAR);
    expect((await appointments(page, server.baseUrl)).filter((a) => a.appointment_type === 'Blocked').length).toBe(before);
  });
});

describe('list page', () => {
  const cardIds = () =>
    page.getByTestId('appointment-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-appointment-id'))));
  const cardTimes = () =>
    page.getByTestId('appointment-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-when')!));

  async function openList(): Promise<Appointment[]> {
    await page.goto(`${server.baseUrl}${LIST}`);
    await page.getByTestId('appointment-card').first().waitFor();
    return (await appointments(page, server.baseUrl)).filter((a) => a.appointment_type !== 'Blocked');
  }

  it('shows scheduled ones soonest first by default, the others latest first, and by type', async () => {
    const all = await openList();
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    const scheduled = all.filter((a) => a.status === 'scheduled');
    const times = await cardTimes();
    expect(times).toEqual([...times].sort());
    expect((await cardIds()).sort()).toEqual(scheduled.map((a) => a.appointment_id).sort());
    const first = page.getByTestId('appointment-card').first();
    const [firstId] = await cardIds();
    const soonest = scheduled.find((a) => a.appointment_id === firstId)!;
    expect(await first.textContent()).toContain(`${soonest.first_name} ${soonest.last_name}`);
    expect(await first.textContent()).toContain('Scheduled');
    expect(await first.textContent()).toContain(soonest.vaccine ?? soonest.consultation!);

    for (const [label, status] of [
      ['Completed', 'completed'],
      ['Cancelled', 'cancelled'],
      ['All', null],
    ] as const) {
      await page.getByTestId('appointment-status-filter').getByText(label, { exact: true }).click();
      const expected = all.filter((a) => status === null || a.status === status);
      await waitFor(label, async () => (await cardIds()).length === Math.min(expected.length, 60), { timeout: 5000 });
      const shown = await cardTimes();
      expect(shown).toEqual([...shown].sort().reverse());
      if (status) expect(new Set(await page.getByTestId('appointment-card').locator('.mantine-Badge-root').allTextContents())).toEqual(new Set([label]));
    }

    await page.getByTestId('appointment-type-filter').getByText('Vaccine', { exact: true }).click();
    const vaccines = all.filter((a) => a.appointment_type === 'Vaccine');
    await waitFor('vaccines', async () => (await cardIds()).length === Math.min(vaccines.length, 60), { timeout: 5000 });
    expect(new Set(await cardIds()).size).toBe(Math.min(vaccines.length, 60));
    expect((await cardIds()).every((id) => vaccines.some((a) => a.appointment_id === id))).toBe(true);
    await page.getByTestId('appointment-type-filter').getByText('Consultation', { exact: true }).click();
    await waitFor(
      'consultations',
      async () => (await cardIds()).every((id) => all.find((a) => a.appointment_id === id)?.appointment_type === 'Consultation'),
      { timeout: 5000 },
    );
  });

  it('searches name, email and phone, case-insensitive; a card opens the modal', async () => {
    const all = await openList();
    const scheduled = all.filter((a) => a.status === 'scheduled');
    const target = scheduled[0]!;
    const search = page.getByTestId('appointment-search');
    const expectHits = async (query: string, match: (a: Appointment) => boolean) => {
      await search.fill(query);
      const expected = scheduled.filter(match).map((a) => a.appointment_id).sort();
      await waitFor(query, async () => JSON.stringify((await cardIds()).sort()) === JSON.stringify(expected), { timeout: 5000 });
      expect(expected.length).toBeGreaterThan(0);
    };
    const lastName = target.last_name!;
    await expectHits(lastName.toUpperCase(), (a) => `${a.first_name} ${a.last_name}`.toLowerCase().includes(lastName.toLowerCase()));
    const emailPart = target.email!.split('@')[0]!.slice(0, 8);
    await expectHits(emailPart.toUpperCase(), (a) => (a.email ?? '').toLowerCase().includes(emailPart.toLowerCase()));
    const phone = target.phone_number!;
    await expectHits(phone, (a) => a.phone_number === phone);

    await search.fill('no such patient at all');
    await page.getByText('No appointments found.').waitFor();
    await search.fill(target.email!);
    await page.getByTestId('appointment-card').first().click();
    await modal(page).waitFor();
    expect(await fieldValue(page, 'Email')).toBe(target.email);
    await page.keyboard.press('Escape');
  });
});
