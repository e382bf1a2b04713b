// Date display for lists and detail panes (spec section 3: "Dates created today show a time;
// otherwise a locale date"). Formatters come from the shared cache (shared/time). A component that
// shows them reads the language (`useStore(locale)` or a message group) so it draws again on a switch.
import { dateTimeFormat, localDate } from '../../shared/time';
import { intlLocale } from '../i18n/locale';

export interface DateFormatOptions {
  /** BCP 47 locale; the interface's when omitted (fr-CA in French, the browser's in English). */
  locale?: string;
  /** IANA zone that decides what "today" is; the device's when omitted. */
  timeZone?: string;
}

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const LOCALE_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };
const DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function format(date: Date, options: Intl.DateTimeFormatOptions, { locale = intlLocale(), timeZone }: DateFormatOptions): string {
  return dateTimeFormat(locale, { ...options, timeZone: timeZone || undefined }).format(date);
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isSameDay(a: Date, b: Date, { timeZone }: DateFormatOptions = {}): boolean {
  return localDate(a, timeZone || undefined) === localDate(b, timeZone || undefined);
}

/** Created today: the time of day; any other day: a locale date. Unparseable input is shown as given. */
export function formatListDate(
  iso: string | null | undefined,
  now: Date = new Date(),
  options: DateFormatOptions = {},
): string {
  const date = parse(iso);
  if (!date) return iso ?? '';
  return format(date, isSameDay(date, now, options) ? TIME_OF_DAY : LOCALE_DATE, options);
}

/** A full locale date and time, for detail panes. */
export function formatDateTime(
  iso: string | null | undefined,
  options: DateFormatOptions = {},
): string {
  const date = parse(iso);
  if (!date) return iso ?? '';
  return format(date, DATE_AND_TIME, options);
}

/** Dates of birth show their first 10 characters (spec section 3). */
export function formatDateOfBirth(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}
