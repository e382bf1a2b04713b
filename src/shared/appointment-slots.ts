// The appointment grid of spec section 9: 20-minute slots from 10:50, the last one ending at
// 18:30, on the pharmacy's wall clock, every day. The server blocks and checks ranges on it.
import { APPOINTMENT_MINUTES, CALENDAR_END, CALENDAR_START } from './constants';
import { addDays, clockTime, localDate, zonedInstant } from './time';

const MINUTE_MS = 60_000;

/** Minutes since midnight of 'HH:MM' or 'HH:MM:SS'. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Every slot's start, 'HH:MM:SS': 10:50:00 … 18:10:00. */
export const SLOT_TIMES: readonly string[] = Array.from(
  { length: (minutesOf(CALENDAR_END) - minutesOf(CALENDAR_START)) / APPOINTMENT_MINUTES },
  (_, i) => clockTime(minutesOf(CALENDAR_START) + i * APPOINTMENT_MINUTES),
);

/** A place on the pharmacy's calendar: its date and wall-clock start. */
export interface Slot {
  date: string;
  start_time: string;
}

/** Real instants, end excluded. */
export interface InstantRange {
  start: Date;
  end: Date;
}

/**
 * Whether the 20 minutes from `slot` overlap `range`. Compared as instants, so a range given in
 * UTC lands on the right wall-clock slots on a daylight-saving day too.
 */
export function overlaps(slot: Slot, range: InstantRange, timeZone: string): boolean {
  const start = zonedInstant(slot.date, slot.start_time, timeZone).getTime();
  return start < range.end.getTime() && start + APPOINTMENT_MINUTES * MINUTE_MS > range.start.getTime();
}

/** The grid's slots that `range` touches, day by day, in order. */
export function slotsOverlapping(range: InstantRange, timeZone: string): Slot[] {
  const slots: Slot[] = [];
  const last = localDate(range.end, timeZone);
  for (let date = localDate(range.start, timeZone); date <= last; date = addDays(date, 1)) {
    for (const start_time of SLOT_TIMES) {
      const slot = { date, start_time };
      if (overlaps(slot, range, timeZone)) slots.push(slot);
    }
  }
  return slots;
}
