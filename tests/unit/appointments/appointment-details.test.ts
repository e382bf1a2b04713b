import { describe, expect, it } from 'vitest';
import { canCancel, detailFields, otherMembers } from '../../../src/client/features/appointments/appointment-details';
import type { VaccinationMember } from '../../../src/shared/entities';
import { sampleAppointment } from './sample-appointment';

const member = (first: string): VaccinationMember => ({
  vaccination_booking_id: 9,
  first_name: first,
  last_name: 'Okafor',
  date_of_birth: '2012-01-02',
  address: '12 Elm St',
  city: 'Toronto',
  province: 'ON',
});

describe('the details modal', () => {
  it("shows a vaccine booking's fields in the spec's order, with the household size over 1", () => {
    const fields = detailFields(
      sampleAppointment(1, { number_of_people: 3, date_of_birth: '1979-04-18T00:00:00.000Z' }),
      '2026-11-24',
      'en-US',
    );
    expect(fields).toEqual([
      { label: 'Requested Vaccine', value: 'COVID-19' },
      { label: 'Date & Time', value: 'Today at 11:10 AM' },
      { label: 'First Name', value: 'First1' },
      { label: 'Last Name', value: 'Last1' },
      { label: 'Phone Number', value: '(416) 555-0142' },
      { label: 'Email', value: 'p1@example.test' },
      { label: 'Date of Birth', value: '1979-04-18' },
      { label: 'Address', value: '12 Elm St, Toronto, ON' },
      { label: 'Number of People', value: '3' },
    ]);
  });

  it("gives a consultation its Reason, and leaves out an address that is missing and one person", () => {
    const fields = detailFields(
      sampleAppointment(2, { appointment_type: 'Consultation', vaccine: null, consultation: 'Travel health', address: null }),
      '2026-11-20',
      'en-US',
    );
    expect(fields[0]).toEqual({ label: 'Reason', value: 'Travel health' });
    expect(fields[1]).toEqual({ label: 'Date & Time', value: 'Nov 24, 2026 at 11:10 AM' });
    expect(fields.map((f) => f.label)).not.toContain('Address');
    expect(fields.map((f) => f.label)).not.toContain('Number of People');
  });

  it('lists every member but the first, and says when the cache does not hold them', () => {
    const appointment = sampleAppointment(1, { number_of_people: 3, members: [member('Mira'), member('Ada'), member('Ben')] });
    expect(otherMembers(appointment)).toEqual({ kind: 'members', members: [member('Ada'), member('Ben')] });
    expect(otherMembers(sampleAppointment(1, { members: [member('Mira')] }))).toEqual({ kind: 'members', members: [] });
    expect(otherMembers({ ...appointment, members: undefined as never })).toEqual({ kind: 'unknown' });
  });

  it('offers cancelling a scheduled booking only', () => {
    expect(canCancel(sampleAppointment(1))).toBe(true);
    expect(canCancel(sampleAppointment(1, { status: 'completed' }))).toBe(false);
    expect(canCancel(sampleAppointment(1, { status: 'cancelled' }))).toBe(false);
    expect(canCancel(sampleAppointment(1, { appointment_type: 'Blocked' }))).toBe(false);
  });
});
