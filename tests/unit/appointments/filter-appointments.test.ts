import { describe, expect, it } from 'vitest';
import { filterAppointments, matchesSearch } from '../../../src/client/features/appointments/filter-appointments';
import { sampleAppointment } from './sample-appointment';

const rows = [
  sampleAppointment(1, { first_name: 'Mira', last_name: 'Okafor', date: '2026-11-25', start_time: '11:10:00' }),
  sampleAppointment(2, { appointment_type: 'Consultation', vaccine: null, consultation: 'Travel health', date: '2026-11-24', start_time: '15:10:00' }),
  sampleAppointment(3, { status: 'completed', date: '2026-11-10' }),
  sampleAppointment(4, { status: 'completed', date: '2026-11-12' }),
  sampleAppointment(5, { status: 'cancelled', date: '2026-11-20', email: 'SOMEONE@Example.test', phone_number: '(613) 555-0107' }),
  sampleAppointment(6, { appointment_type: 'Blocked', first_name: null, last_name: null, email: null, phone_number: null }),
  sampleAppointment(7, { date: '2026-11-24', start_time: '11:10:00' }),
];
const ids = (list: { appointment_id: number }[]) => list.map((a) => a.appointment_id);

describe('the list page', () => {
  it('shows scheduled ones soonest first by default; other filters latest first; never Blocked slots', () => {
    expect(ids(filterAppointments(rows, { text: '', status: 'scheduled', type: 'all' }))).toEqual([7, 2, 1]);
    expect(ids(filterAppointments(rows, { text: '', status: 'completed', type: 'all' }))).toEqual([4, 3]);
    expect(ids(filterAppointments(rows, { text: '', status: 'cancelled', type: 'all' }))).toEqual([5]);
    expect(ids(filterAppointments(rows, { text: '', status: 'all', type: 'all' }))).toEqual([1, 2, 7, 5, 4, 3]);
  });

  it('filters by type', () => {
    expect(ids(filterAppointments(rows, { text: '', status: 'scheduled', type: 'consultation' }))).toEqual([2]);
    expect(ids(filterAppointments(rows, { text: '', status: 'scheduled', type: 'vaccine' }))).toEqual([7, 1]);
  });

  it('searches first, last and full name, email and phone, case-insensitive; a phone also by digits', () => {
    const one = rows[0]!;
    expect(matchesSearch(one, 'mIRA')).toBe(true);
    expect(matchesSearch(one, 'okafor')).toBe(true);
    expect(matchesSearch(one, 'mira oka')).toBe(true);
    expect(matchesSearch(rows[4]!, 'someone@EXAMPLE')).toBe(true);
    expect(matchesSearch(rows[4]!, '(613) 555')).toBe(true);
    expect(matchesSearch(rows[4]!, '6135550107')).toBe(true);
    expect(matchesSearch(rows[4]!, '613-555-01')).toBe(true);
    expect(matchesSearch(one, '6135550107')).toBe(false);
    expect(matchesSearch(one, 'nobody')).toBe(false);
    expect(ids(filterAppointments(rows, { text: '  okafor ', status: 'scheduled', type: 'all' }))).toEqual([1]);
  });
});
