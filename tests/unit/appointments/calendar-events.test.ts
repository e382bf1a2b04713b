import { describe, expect, it } from 'vitest';
import { calendarEvents, EVENT_COLORS } from '../../../src/client/features/appointments/calendar-events';
import type { OutboxEntry } from '../../../src/client/offline/outbox-entry';
import { sampleAppointment } from './sample-appointment';

const WEEK = { start: '2026-11-22', end: '2026-11-29' };

function entry(state: OutboxEntry['state']): OutboxEntry {
  return {
    id: `k-${state}`,
    schemaVersion: 3,
    owner: null,
    action: 'vaccine-cancel',
    args: { params: { id: '1' }, body: { vaccine_id: 1 } },
    collection: 'appointments',
    recordKey: 1,
    label: 'Cancel Appointment',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    state,
    lastError: null,
    lastStatus: null,
  };
}

describe('calendar events', () => {
  it('one 20-minute block per appointment of the visible dates, titled and coloured by type', () => {
    const rows = [
      sampleAppointment(1, { appointment_type: 'Vaccine', date: '2026-11-22', start_time: '10:50:00' }),
      sampleAppointment(2, { appointment_type: 'Consultation', date: '2026-11-28', start_time: '18:10:00' }),
      sampleAppointment(3, { appointment_type: 'Blocked', first_name: null }),
      sampleAppointment(4, { date: '2026-11-29' }),
      sampleAppointment(5, { date: '2026-11-21' }),
      sampleAppointment(6, { status: 'completed' }),
    ];
    const events = calendarEvents(rows, new Map(), WEEK);
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '6']);
    expect(events[0]).toMatchObject({
      title: 'Vaccine',
      start: '2026-11-22T10:50:00',
      end: '2026-11-22T11:10:00',
      backgroundColor: EVENT_COLORS.Vaccine,
    });
    expect(events[1]).toMatchObject({ title: 'Consultation', end: '2026-11-28T18:30:00', backgroundColor: EVENT_COLORS.Consultation });
    expect(events[2]).toMatchObject({ title: 'Blocked', backgroundColor: EVENT_COLORS.Blocked });
  });

  it('names each event for a screen reader by type, patient, day and time, and its mark', () => {
    const rows = [
      sampleAppointment(1, { appointment_type: 'Vaccine', first_name: 'Jane', last_name: 'Doe', date: '2026-11-22', start_time: '10:50:00' }),
      sampleAppointment(2, { appointment_type: 'Blocked', first_name: null, last_name: null, date: '2026-11-23', start_time: '09:00:00' }),
    ];
    const [vaccine, blocked] = calendarEvents(rows, new Map([[1, [entry('pending')]]]), WEEK);
    const label = (event: typeof vaccine) => (event!.extendedProps as { label: string }).label;
    // The device's locale writes the date and times (en-US here: 'Nov 22, 2026', '10:50 AM').
    expect(label(vaccine)).toMatch(/^Vaccine, Jane Doe, .*22.*2026, 10:50.* to 11:10.*, Pending$/);
    expect(label(blocked)).toMatch(/^Blocked, .*23.*2026, 9:00.* to 9:20[^,]*$/);
  });

  it('leaves cancelled ones out, unless the cancellation is not on the server yet', () => {
    const rows = [sampleAppointment(1, { status: 'cancelled' }), sampleAppointment(2, { status: 'cancelled' })];
    expect(calendarEvents(rows, new Map(), WEEK)).toEqual([]);
    const pending = new Map([[1, [entry('pending')]]]);
    const [shown, ...rest] = calendarEvents(rows, pending, WEEK);
    expect(rest).toEqual([]);
    expect(shown).toMatchObject({ id: '1', classNames: ['appointment-event', 'is-cancelling'], extendedProps: { mark: 'pending' } });
    const refused = calendarEvents([sampleAppointment(1)], new Map([[1, [entry('conflict')]]]), WEEK);
    expect(refused[0]).toMatchObject({ classNames: ['appointment-event'], extendedProps: { mark: 'conflict' } });
  });
});
