// The pharmacy's wall clock in the app. Appointments are stored as the pharmacy's date and time
// (PHARMACY_TIMEZONE); a tablet set to another zone must show the same slots. So the calendar
// runs in UTC over "wall-clock" dates (UTC fields = the pharmacy's clock) and every conversion
// to a real instant goes through the pharmacy's zone, at one seam: the block/unblock body.
import type { RangeBody } from '../../../shared/appointment-api';
import { APPOINTMENT_MINUTES } from '../../../shared/constants';
import { calendarDate, dateTimeFormat, wallClockDate, zonedInstant } from '../../../shared/time';
import { textsOf } from '../../i18n/i18n';
import { appointmentTimeMessages } from './appointment-words.messages';

export type TimeWords = ReturnType<typeof appointmentTimeMessages.get>;

/** 'YYYY-MM-DDTHH:MM:SS' with no offset: how the calendar (in UTC) reads a wall-clock time. */
export function wallIso(date: string, time: string): string {
  return `${date}T${time.length === 5 ? `${time}:00` : time}`;
}

/** The wall-clock end of an appointment starting at `date` `time` (20 minutes later). */
export function wallEndIso(date: string, time: string): string {
  return new Date(wallClockDate(date, time).getTime() + APPOINTMENT_MINUTES * 60_000).toISOString().slice(0, 19);
}

/** A calendar date (its UTC fields are the pharmacy's clock) as the pharmacy's date and time. */
export function wallParts(calendarDate: Date): { date: string; time: string } {
  const iso = calendarDate.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** The spec's block/unblock body: the date and time parts of the selection's real UTC instants. */
export function rangeBody(start: Date, end: Date, timeZone: string): RangeBody {
  const utcParts = (calendarDate: Date) => {
    const { date, time } = wallParts(calendarDate);
    return zonedInstant(date, time, timeZone).toISOString().split('T') as [string, string];
  };
  const [startDate, startTime] = utcParts(start);
  const [endDate, endTime] = utcParts(end);
  return { startDate, startTime, endDate, endTime };
}

// UTC: the wall-clock dates carry the pharmacy's clock in their UTC fields.
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
const SELECTION: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
};

/** '11:10 AM' (the device's locale) for 'HH:MM:SS'. */
export function formatTime(time: string, locale?: string): string {
  return dateTimeFormat(locale, TIME).format(wallClockDate('2000-01-01', time));
}

/** 'Nov 24, 2026' for 'YYYY-MM-DD'. */
export function formatDate(date: string, locale?: string): string {
  return dateTimeFormat(locale, DATE).format(wallClockDate(date.slice(0, 10)));
}

/**
 * The modal's Date & Time (spec): 'Today at {time}' today, else the date, 'at' and the time
 * (in the language of the moment unless `words` are given).
 */
export function formatWhen(
  date: string,
  time: string,
  today: string,
  locale?: string,
  words: TimeWords = textsOf(appointmentTimeMessages),
): string {
  const day = date.slice(0, 10) === today ? words.today : formatDate(date, locale);
  return words.when({ day, time: formatTime(time, locale) });
}

/** A calendar selection's end or start for the sidebar: 'Mon, Nov 23, 2026, 11:10 AM'. */
export function formatSelection(calendarDate: Date, locale?: string): string {
  return dateTimeFormat(locale, SELECTION).format(calendarDate);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// Without accents: a month is any start of its name of 3 letters or more that no other shares.
const FRENCH_MONTHS = [
  'janvier',
  'fevrier',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'aout',
  'septembre',
  'octobre',
  'novembre',
  'decembre',
];
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// 'Tue, Nov 24, 2026', 'November 24 2026'.
const NAMED_DAY = /^(?:[a-z]+\.?,?\s+)?([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i;
// 'mar. 24 nov. 2026', '1er décembre 2026'.
const FRENCH_DAY = /^(?:\p{L}+\.?,?\s+)?(\d{1,2})(?:er)?\s+(\p{L}{3,})\.?,?\s+(\d{4})$/iu;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})\s*(am|pm|a\.m\.|p\.m\.)?$/i;
// '14 h 30', '14h30', '14 h'.
const FRENCH_TIME = /^(\d{1,2})\s*h\s*(\d{2})?$/i;

function frenchMonth(word: string): number {
  const plain = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const matches = FRENCH_MONTHS.filter((name) => name.startsWith(plain));
  return matches.length === 1 ? FRENCH_MONTHS.indexOf(matches[0]!) + 1 : 0;
}

/** [year, month, day] of a typed day (month 0: not a month's name), or null. */
function dayParts(text: string): [number, number, number] | null {
  const iso = ISO_DAY.exec(text);
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const named = NAMED_DAY.exec(text);
  if (named) return [Number(named[3]), MONTHS.indexOf(named[1]!.toLowerCase()) + 1, Number(named[2])];
  const french = FRENCH_DAY.exec(text);
  return french ? [Number(french[3]), frenchMonth(french[2]!), Number(french[1])] : null;
}

/** 'YYYY-MM-DD' for a typed day, or null. */
function typedDay(text: string): string | null {
  const parts = dayParts(text);
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return month < 1 || !calendarDate(date) ? null : date;
}

/** 'HH:MM:00' for a typed time of day, or null. */
function typedTime(text: string): string | null {
  const clock = TIME_OF_DAY.exec(text) ?? FRENCH_TIME.exec(text);
  if (!clock) return null;
  let hours = Number(clock[1]);
  const minutes = Number(clock[2] ?? 0);
  const meridiem = clock[3]?.toLowerCase().replace(/\./g, '');
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00`;
}

/**
 * A date and time typed into the manage page's From or Until (WCAG 2.5.7: a range can be typed
 * as well as dragged), as a calendar date: '2026-11-24 14:10', '2026-11-24 2:10 PM', the
 * sidebar's own 'Tue, Nov 24, 2026, 11:10 AM' (so a dragged value can be edited), and in French
 * '2026-11-24 14 h 10' or the sidebar's 'mar. 24 nov. 2026, 14 h 10'; 'at' or 'à' may come
 * before the time. Null when it is not a real day and time.
 */
export function parseSelection(text: string): Date | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const split =
    /^(.*?)(?:,?\s+(?:(?:at|à)\s+)?|T)(\d{1,2}(?::\d{2}(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|\s*h(?:\s*\d{2})?))$/iu.exec(
      trimmed,
    );
  if (!split) return null;
  const [, dayText, timeText] = split as unknown as [string, string, string];
  const date = typedDay(dayText);
  const time = date ? typedTime(timeText) : null;
  return date && time ? wallClockDate(date, time) : null;
}
