import type { Appointment } from '../../../src/shared/entities';

export function sampleAppointment(id: number, overrides: Partial<Appointment> = {}): Appointment {
  return {
    appointment_id: id,
    appointment_type: 'Vaccine',
    date: '2026-11-24',
    start_time: '11:10:00',
    status: 'scheduled',
    user_id: null,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    email: `p${id}@example.test`,
    phone_number: '(416) 555-0142',
    vaccine: 'COVID-19',
    consultation: null,
    vaccine_id: id,
    consultation_id: null,
    date_of_birth: '1979-04-18',
    address: '12 Elm St',
    city: 'Toronto',
    province: 'ON',
    number_of_people: 1,
    members: [],
    ...overrides,
  };
}
