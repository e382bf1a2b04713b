// Wall-clock dates and times in the pharmacy's time zone (PHARMACY_TIMEZONE), without a
// time-zone library: Intl gives the zone's offset at an instant, which is all we need.
// Shared: the server turns block ranges into slots with it, the app shows the pharmacy's clock.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl.DateTimeFormat costs far more than using one: one per use and zone. */
function formatter(use: string, timeZone: string, options: Intl.DateTimeFormatOptions, locale: string) {
  const key = `${use}|${timeZone}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

const DATE_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const ALL_PARTS: Intl.DateTimeFormatOptions = { ...DATE_PARTS, ...CLOCK_PARTS, second: '2-digit' };

function numericParts(instant: Date, format: Intl.DateTimeFormat): (type: string) => number {
  const parts = format.formatToParts(instant);
  return (type) => Number(parts.find((p) => p.type === type)?.value ?? 0);
}

/** 'YYYY-MM-DD' of `instant` on the pharmacy's calendar. */
export function localDate(instant: Date, timeZone: string): string {
  return formatter('date', timeZone, DATE_PARTS, 'en-CA').format(instant);
}

/** Minutes since local midnight at `instant`. */
export function localMinutes(instant: Date, timeZone: string): number {
  const get = numericParts(instant, formatter('clock', timeZone, CLOCK_PARTS, 'en-GB'));
  return get('hour') * 60 + get('minute');
}

/** The zone's offset from UTC at `instant`, in milliseconds (Toronto in winter: -5 h). */
function offsetMs(instant: number, timeZone: string): number {
  const get = numericParts(new Date(instant), formatter('all', timeZone, ALL_PARTS, 'en-US'));
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the pharmacy's clock reads `date` `time` ('HH:MM' or 'HH:MM:SS'). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = wallClockDate(date, time).getTime();
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall - offsetMs(wall, timeZone);
  guess = wall - offsetMs(guess, timeZone);
  return new Date(guess);
}

/** Calendar arithmetic on 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}

/** 'HH:MM:SS' from minutes since midnight. */
export function clockTime(minutes: number): string {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}:00`;
}

/**
 * A wall-clock reading as a Date whose UTC fields are that reading. Format it with
 * `timeZone: 'UTC'` to show the pharmacy's clock the same whatever zone the device is in.
 */
export function wallClockDate(date: string, time = '00:00:00'): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number?];
  return new Date(Date.UTC(y, m - 1, d, hh, mm, ss ?? 0));
}
