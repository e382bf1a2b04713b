// The cached appointments as calendar events (spec "Calendar view page"): one 20-minute block per
// appointment in the visible dates, titled by its type, coloured by it; cancelled ones left out,
// except one whose cancellation is not on the server yet (shown faded, with its mark).
import type { EventInput } from '@fullcalendar/core';
import type { Appointment, AppointmentType } from '../../../shared/entities';
import { isInFlight, type OutboxEntry } from '../../offline/outbox-entry';
import { formatDate, formatTime, wallEndIso, wallIso } from './appointment-time';

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

/** How an event's mark reads, on it and in its accessible name. */
export const MARK_WORDS: Record<EventMark, string> = { pending: 'Pending', conflict: 'Conflict' };

/** 'Vaccine, Jane Doe, Nov 26, 2026, 10:00 AM to 10:20 AM, Pending' (WCAG 1.1.1, 4.1.2). */
export function eventLabel(row: Appointment, mark: EventMark | null): string {
  const patient = [row.first_name, row.last_name].filter(Boolean).join(' ');
  const end = wallEndIso(row.date, row.start_time).slice(11);
  return [
    row.appointment_type,
    patient,
    formatDate(row.date),
    `${formatTime(row.start_time)} to ${formatTime(end)}`,
    row.status === 'cancelled' ? 'Cancelled' : '',
    mark ? MARK_WORDS[mark] : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function calendarEvents(
  rows: readonly Appointment[],
  pending: ReadonlyMap<number, readonly OutboxEntry[]>,
  span: DateSpan,
): EventInput[] {
  const events: EventInput[] = [];
  for (const row of rows) {
    if (row.date < span.start || row.date >= span.end) continue;
    const mark = eventMark(pending.get(row.appointment_id));
    if (row.status === 'cancelled' && mark === null) continue;
    const color = EVENT_COLORS[row.appointment_type];
    const extendedProps: AppointmentEventProps = { appointmentId: row.appointment_id, mark, label: eventLabel(row, mark) };
    events.push({
      id: String(row.appointment_id),
      title: row.appointment_type,
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
