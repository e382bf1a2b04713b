// What the 'Appointment Details' modal shows (spec "Appointment modal"), from the cached record.
import type { Appointment, VaccinationMember } from '../../../shared/entities';
import type { FieldRow } from '../../components/field-list';
import { textsOf } from '../../i18n/i18n';
import { detailsMessages } from './appointment-details.messages';
import { formatWhen, type TimeWords } from './appointment-time';
import { appointmentTimeMessages, appointmentTypeMessages } from './appointment-words.messages';

/** The words of the modal's fields, in the language of the moment unless given. */
export interface DetailWords {
  labels: ReturnType<typeof detailsMessages.get>;
  types: ReturnType<typeof appointmentTypeMessages.get>;
  time: TimeWords;
}

const wordsNow = (): DetailWords => ({
  labels: textsOf(detailsMessages),
  types: textsOf(appointmentTypeMessages),
  time: textsOf(appointmentTimeMessages),
});

/** 'Address, City, Province', leaving out what is missing. */
export function addressLine(place: Pick<VaccinationMember, 'address' | 'city' | 'province'>): string {
  return [place.address, place.city, place.province].filter(Boolean).join(', ');
}

/** The modal's fields, in the spec's order; `today` is the pharmacy's date. */
export function detailFields(
  appointment: Appointment,
  today: string,
  locale?: string,
  { labels: t, types, time }: DetailWords = wordsNow(),
): FieldRow[] {
  const when = { label: t.dateTime, value: formatWhen(appointment.date, appointment.start_time, today, locale, time) };
  if (appointment.appointment_type === 'Blocked') return [{ label: t.type, value: types.Blocked }, when];
  const fields: FieldRow[] = [
    appointment.vaccine
      ? { label: t.requestedVaccine, value: appointment.vaccine }
      : { label: t.reason, value: appointment.consultation ?? '' },
    when,
    { label: t.firstName, value: appointment.first_name ?? '' },
    { label: t.lastName, value: appointment.last_name ?? '' },
    { label: t.phone, value: appointment.phone_number ?? '' },
    { label: t.email, value: appointment.email ?? '' },
    { label: t.dateOfBirth, value: (appointment.date_of_birth ?? '').slice(0, 10) },
  ];
  if (appointment.address) fields.push({ label: t.address, value: addressLine(appointment) });
  if (appointment.number_of_people > 1) {
    fields.push({ label: t.people, value: String(appointment.number_of_people) });
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
