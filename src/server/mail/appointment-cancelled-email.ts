// The patient email of a cancelled appointment. Plain text, and free of health details: it names
// the pharmacy and the time, not the vaccine or the reason for the consultation (an email can be
// read by anyone with access to the mailbox).
import { dateTimeFormat, wallClockDate } from '../../shared/time';
import { NBSP, pharmacyLetter, type PatientEmailLanguage, type PharmacyContact } from './pharmacy-letter';

export interface AppointmentCancelledEmailInput {
  firstName: string;
  /** The cancelled appointments of the booking, pharmacy time, in order. */
  slots: readonly { date: string; start_time: string }[];
  /** How many people the booking was for (a household's vaccine booking). */
  people: number;
  pharmacy: PharmacyContact;
}

export const APPOINTMENT_CANCELLED_KIND = 'appointment_cancelled';

const WHEN: Intl.DateTimeFormatOptions = { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
const AT: Intl.DateTimeFormatOptions = { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' };

/** The email's own words, given the pharmacy's name. */
interface CancelledWords {
  locale: string;
  /** A slot's date and time, as the locale writes each. */
  time(date: string, time: string): string;
  subject(name: string): string;
  cancelled(name: string, times: readonly string[]): string;
  everyone(people: number): string;
  reachFor: string;
  closing(name: string): string[];
}

const WORDS: Record<PatientEmailLanguage, CancelledWords> = {
  en: {
    locale: 'en-CA',
    time: (date, time) => `${date} at ${time}`,
    subject: (name) => `Your appointment at ${name} has been cancelled`,
    cancelled: (name, times) => `Your appointment at ${name} on ${times.join(' and on ')} has been cancelled.`,
    everyone: (people) => `The booking was for ${people} people: it is cancelled for everyone in it.`,
    reachFor: 'To book a new time',
    closing: (name) => ['If you did not expect this, please let us know.', `Thank you for choosing ${name}.`],
  },
  fr: {
    locale: 'fr-CA',
    time: (date, time) => `${date} à ${time}`,
    subject: (name) => `Votre rendez-vous chez ${name} a été annulé`,
    cancelled: (name, times) => `Votre rendez-vous chez ${name} le ${times.join(' et le ')} a été annulé.`,
    everyone: (people) => `La réservation visait ${people} personnes${NBSP}: elle est annulée pour chacune d'entre elles.`,
    reachFor: 'Pour prendre un nouveau rendez-vous',
    closing: (name) => [
      'Si vous ne vous attendiez pas à cette annulation, veuillez nous en informer.',
      `Merci d'avoir choisi ${name}.`,
    ],
  },
};

/**
 * "Monday, November 23, 2026 at 11:10 a.m." ("lundi 23 novembre 2026 à 11 h 10" in French), on
 * the pharmacy's clock.
 */
export function appointmentTime(slot: { date: string; start_time: string }, language: PatientEmailLanguage = 'en'): string {
  const { locale, time } = WORDS[language];
  const wall = wallClockDate(slot.date, slot.start_time);
  return time(dateTimeFormat(locale, WHEN).format(wall), dateTimeFormat(locale, AT).format(wall));
}

export function appointmentCancelledEmail(input: AppointmentCancelledEmailInput): { subject: string; text: string } {
  const { pharmacy } = input;
  const words = WORDS[pharmacy.language];
  const times = input.slots.map((slot) => appointmentTime(slot, pharmacy.language));
  return {
    subject: words.subject(pharmacy.name),
    text: pharmacyLetter({
      firstName: input.firstName,
      pharmacy,
      body: [words.cancelled(pharmacy.name, times), ...(input.people > 1 ? [words.everyone(input.people)] : [])],
      reachFor: words.reachFor,
      closing: words.closing(pharmacy.name),
    }),
  };
}
