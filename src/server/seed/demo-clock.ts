// The demo data's sense of time: instants on the pharmacy's calendar, relative to `now`.
import { addDays, clockTime, localDate, localMinutes, zonedInstant } from '../../shared/time';
import type { Random } from './prng';

const MINUTE = 60_000;

/** Instants on the pharmacy's calendar, relative to `now`. */
export function makeClock(now: Date, timeZone: string, random: Random) {
  const today = localDate(now, timeZone);
  const minutesToday = localMinutes(now, timeZone);
  return {
    today,
    /** Earlier today (local), so the lists show a time of day. */
    earlierToday(): string {
      const back =
        random.int(0, Math.min(minutesToday, 9 * 60)) * MINUTE + random.int(0, 59) * 1000;
      return new Date(now.getTime() - back).toISOString();
    },
    /** Business hours on one of the last `days` days. */
    daysAgo(days: number): string {
      const date = addDays(today, -random.int(1, days));
      return zonedInstant(date, clockTime(random.int(8 * 60, 20 * 60)), timeZone).toISOString();
    },
    /** The first few records of a list were created today, the rest over the last two months. */
    createdAt(index: number): string {
      return index < 3 ? this.earlierToday() : this.daysAgo(60);
    },
    /** `plusMinutes` after `iso`, but never in the future. */
    atLeast(iso: string, plusMinutes: number): string {
      return new Date(
        Math.min(Date.parse(iso) + plusMinutes * MINUTE, now.getTime()),
      ).toISOString();
    },
    withinDays(iso: string, days: number): boolean {
      return Date.parse(iso) > now.getTime() - days * 24 * 60 * MINUTE;
    },
  };
}
export type Clock = ReturnType<typeof makeClock>;
