// The cached appointments as calendar events (spec "Calendar view page"): one 20-minute block per
// appointment in the visible dates, titled by its type, coloured by it; cancelled ones left out,
// except one whose cancellation is not on the server yet (shown faded, with its mark).
import type { EventInput } from '@fullcalendar/core';
import { computed } from 'nanostores';
import type { Appointment, AppointmentType } from '../../../shared/entities';
import { textsOf } from '../../i18n/i18n';
import { intlLocale, locale } from '../../i18n/locale';
import { isInFlight, type OutboxEntry } from '../../offline/outbox-entry';
import { formatDate, formatTime, wallEndIso, wallIso } from './appointment-time';
import { appointmentStatusMessages, appointmentTimeMessages, appointmentTypeMessages } from './appointment-words.messages';
import { calendarMessages } from './calendar.messages';

/** Grey, blue, purple (spec); dark enough for white text (4.5:1 or more). */
export const EVENT_COLORS: Record<AppointmentType, string> = {
  Blocked: '#5c636a',
  Consultation: '#1864ab',
  Vaccine: '#6741d9',
};

export type EventMark = 'pending' | 'conflict';

export interface AppointmentEventProps {
  appointmentId: number;
  mark: EventMark | null;
  /** What a screen reader says of the event: its type, patient, day and time, and its mark. */
  label: string;
}

/** The visible dates, 'YYYY-MM-DD', end excluded. */
export interface DateSpan {
  start: string;
  end: string;
}

export function eventMark(entries: readonly OutboxEntry[] | undefined): EventMark | null {
  if (!entries || entries.length === 0) return null;
  return entries.some((entry) => !isInFlight(entry)) ? 'conflict' : 'pending';
}

/** Everything an event says on its face and in its name, in the language of the moment. */
export const eventWords = computed(
  [calendarMessages, appointmentTypeMessages, appointmentStatusMessages, appointmentTimeMessages, locale],
  (calendar, types, statuses, time, language) => ({ calendar, types, statuses, time, locale: intlLocale(language) }),
);
export type EventWords = ReturnType<typeof eventWords.get>;

/** 'Vaccine, Jane Doe, Nov 26, 2026, 10:00 AM to 10:20 AM, Pending' (WCAG 1.1.1, 4.1.2). */
export function eventLabel(row: Appointment, mark: EventMark | null, words: EventWords = textsOf(eventWords)): string {
  const patient = [row.first_name, row.last_name].filter(Boolean).join(' ');
  const end = wallEndIso(row.date, row.start_time).slice(11);
  return [
    words.types[row.appointment_type],
    patient,
    formatDate(row.date, words.locale),
    words.time.span({ start: formatTime(row.start_time, words.locale), end: formatTime(end, words.locale) }),
    row.status === 'cancelled' ? words.statuses.cancelled : '',
    mark ? words.calendar[mark] : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function calendarEvents(
  rows: readonly Appointment[],
  pending: ReadonlyMap<number, readonly OutboxEntry[]>,
  span: DateSpan,
  words: EventWords = textsOf(eventWords),
): EventInput[] {
  const events: EventInput[] = [];
  for (const row of rows) {
    if (row.date < span.start || row.date >= span.end) continue;
    const mark = eventMark(pending.get(row.appointment_id));
    if (row.status === 'cancelled' && mark === null) continue;
    const color = EVENT_COLORS[row.appointment_type];
    const extendedProps: AppointmentEventProps = { appointmentId: row.appointment_id, mark, label: eventLabel(row, mark, words) };
    events.push({
      id: String(row.appointment_id),
      title: words.types[row.appointment_type],
      start: wallIso(row.date, row.start_time),
      end: wallEndIso(row.date, row.start_time),
      backgroundColor: color,
      borderColor: color,
      textColor: '#ffffff',
      classNames: row.status === 'cancelled' ? ['appointment-event', 'is-cancelling'] : ['appointment-event'],
      extendedProps,
    });
  }
  return events;
}
