// What the 'Appointment Details' modal shows (spec "Appointment modal"), from the cached record.
import type { Appointment, VaccinationMember } from '../../../shared/entities';
import type { FieldRow } from '../../components/field-list';
import { formatWhen } from './appointment-time';

/** 'Address, City, Province', leaving out what is missing. */
export function addressLine(place: Pick<VaccinationMember, 'address' | 'city' | 'province'>): string {
  return [place.address, place.city, place.province].filter(Boolean).join(', ');
}

/** The modal's fields, in the spec's order; `today` is the pharmacy's date. */
export function detailFields(appointment: Appointment, today: string, locale?: string): FieldRow[] {
  const when = { label: 'Date & Time', value: formatWhen(appointment.date, appointment.start_time, today, locale) };
  if (appointment.appointment_type === 'Blocked') return [{ label: 'Type', value: 'Blocked' }, when];
  const fields: FieldRow[] = [
    appointment.vaccine
      ? { label: 'Requested Vaccine', value: appointment.vaccine }
      : { label: 'Reason', value: appointment.consultation ?? '' },
    when,
    { label: 'First Name', value: appointment.first_name ?? '' },
    { label: 'Last Name', value: appointment.last_name ?? '' },
    { label: 'Phone Number', value: appointment.phone_number ?? '' },
    { label: 'Email', value: appointment.email ?? '' },
    { label: 'Date of Birth', value: (appointment.date_of_birth ?? '').slice(0, 10) },
  ];
  if (appointment.address) fields.push({ label: 'Address', value: addressLine(appointment) });
  if (appointment.number_of_people > 1) {
    fields.push({ label: 'Number of People', value: String(appointment.number_of_people) });
  }
  return fields;
}

export type OtherMembers =
  /** The cached record does not hold its booking's members (written by an older app). */
  | { kind: 'unknown' }
  | { kind: 'members'; members: VaccinationMember[] };

/** Everyone in the booking but the first (the person who booked), for 'See Other Patients'. */
export function otherMembers(appointment: Appointment): OtherMembers {
  const members: unknown = appointment.members;
  return Array.isArray(members) ? { kind: 'members', members: members.slice(1) } : { kind: 'unknown' };
}

/** Only a scheduled vaccine or consultation appointment can be cancelled. */
export function canCancel(appointment: Appointment): boolean {
  return appointment.status === 'scheduled' && appointment.appointment_type !== 'Blocked';
}
