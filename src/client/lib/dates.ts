// Date display for lists and detail panes (spec section 3: "Dates created today show a time;
// otherwise a locale date"). Formatters are cached: building an Intl.DateTimeFormat costs far more
// than using one, and a list formats a date per visible row on every scroll.

export interface DateFormatOptions {
  /** BCP 47 locale; the browser's when omitted. */
  locale?: string;
  /** IANA zone that decides what "today" is; the device's when omitted. */
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  kind: string,
  options: Intl.DateTimeFormatOptions,
  { locale, timeZone }: DateFormatOptions,
): Intl.DateTimeFormat {
  const cacheKey = `${kind}|${locale ?? ''}|${timeZone ?? ''}`;
  let cached = formatters.get(cacheKey);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, timeZone ? { ...options, timeZone } : options);
    formatters.set(cacheKey, cached);
  }
  return cached;
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day of `date` in the zone, as YYYY-MM-DD (en-CA formats dates that way). */
function dayKey(date: Date, options: DateFormatOptions): string {
  return formatter(
    'day',
    { year: 'numeric', month: '2-digit', day: '2-digit' },
    { timeZone: options.timeZone, locale: 'en-CA' },
  ).format(date);
}

export function isSameDay(a: Date, b: Date, options: DateFormatOptions = {}): boolean {
  return dayKey(a, options) === dayKey(b, options);
}

/** Created today: the time of day; any other day: a locale date. Unparseable input is shown as given. */
export function formatListDate(
  iso: string | null | undefined,
  now: Date = new Date(),
  options: DateFormatOptions = {},
): string {
  const date = parse(iso);
  if (!date) return iso ?? '';
  if (isSameDay(date, now, options)) {
    return formatter('time', { hour: 'numeric', minute: '2-digit' }, options).format(date);
  }
  return formatter('date', { year: 'numeric', month: 'numeric', day: 'numeric' }, options).format(
    date,
  );
}

/** A full locale date and time, for detail panes. */
export function formatDateTime(
  iso: string | null | undefined,
  options: DateFormatOptions = {},
): string {
  const date = parse(iso);
  if (!date) return iso ?? '';
  return formatter('datetime', { dateStyle: 'medium', timeStyle: 'short' }, options).format(date);
}

/** Dates of birth show their first 10 characters (spec section 3). */
export function formatDateOfBirth(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}
