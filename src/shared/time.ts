// Time for the app and the server, from Intl alone: Intl gives a zone's wall clock at an instant,
// which is all we need, so no time-zone library ships in the bundle. Appointments, "today" and
// ages are read on the pharmacy's wall clock (PHARMACY_TIMEZONE), not the device's: a tablet set
// to another zone shows the pharmacy's day and slots. Dates are 'YYYY-MM-DD', times 'HH:MM:SS'.

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One cache of Intl.DateTimeFormat for everything that formats a date: building one costs far
 * more than using one, and a list formats a date per visible row on every scroll. No `locale`:
 * the runtime's; no `options.timeZone`: the device's.
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

// en-CA writes a date as YYYY-MM-DD; h23 keeps midnight at 00 (never 24).
const CALENDAR_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const WALL_PARTS: Intl.DateTimeFormatOptions = {
  ...CALENDAR_PARTS,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS, 24-hour */
  time: string;
}

/** What a clock in `timeZone` (the device's when omitted) reads at `instant`. */
export function wallClock(instant: Date, timeZone?: string): WallClock {
  const part: Record<string, string> = {};
  for (const { type, value } of dateTimeFormat('en-CA', { ...WALL_PARTS, timeZone }).formatToParts(instant)) {
    part[type] = value;
  }
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}:${part.second}` };
}

/** The date at `instant` in `timeZone` (the device's when omitted): "today" when it is now. */
export function localDate(instant: Date, timeZone?: string): string {
  return dateTimeFormat('en-CA', { ...CALENDAR_PARTS, timeZone }).format(instant);
}

/** Minutes since local midnight at `instant`. */
export function localMinutes(instant: Date, timeZone: string): number {
  const [hours, minutes] = wallClock(instant, timeZone).time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** The zone's offset from UTC at `instant`, in milliseconds (Toronto in winter: -5 h). */
function offsetMs(instant: number, timeZone: string): number {
  const { date, time } = wallClock(new Date(instant), timeZone);
  return wallClockDate(date, time).getTime() - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant at which a clock in `timeZone` reads `date` `time` ('HH:MM' or 'HH:MM:SS'). The
 * zone's offsets a day before and a day after bound every candidate (an offset is at most 14 h).
 * On the day summer time ends, a reading the clocks show twice is the first; on the day it
 * starts, a reading they skip is taken with the offset before the change, which moves it forward
 * by the skipped hour (02:30 is 03:30): Temporal's 'compatible' choice.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = wallClockDate(date, time).getTime();
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  if (before === after) return new Date(wall - before);
  const readsWall = (instant: number) => instant + offsetMs(instant, timeZone) === wall;
  const real = [wall - before, wall - after].filter(readsWall);
  return new Date(real.length > 0 ? Math.min(...real) : wall - before);
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

export interface CalendarDate {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' as numbers; null when it is not a day of the calendar ('2026-02-30', '2026-13-01'). */
export function calendarDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const UTC_TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z?$/;

/**
 * The instant of a UTC date ('YYYY-MM-DD') and time ('HH:MM', 'HH:MM:SS', 'HH:MM:SS.sss', each
 * with an optional 'Z'): how the block and unblock bodies carry a range, the two halves of an ISO
 * string. Null when either is not real (2026-02-30, 24:00).
 */
export function utcInstant(date: string, time: string): Date | null {
  const day = calendarDate(date);
  const clock = UTC_TIME.exec(time);
  if (!day || !clock) return null;
  const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const ms = clock[4] ? Number(clock[4].padEnd(3, '0')) : 0;
  return new Date(Date.UTC(day.year, day.month - 1, day.day, hours, minutes, seconds, ms));
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

/** Sunday of the week holding `date`, the week as the calendar shows it in English. */
export function sundayOf(date: string): string {
  return addDays(date, -weekday(date));
}

/** 'HH:MM:SS' from minutes since midnight. */
export function clockTime(minutes: number): string {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}:00`;
}
