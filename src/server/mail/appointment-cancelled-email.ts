// The patient email of a cancelled appointment. Plain text, and free of health details: it names
// the pharmacy and the time, not the vaccine or the reason for the consultation (an email can be
// read by anyone with access to the mailbox).
import { dateTimeFormat, wallClockDate } from '../../shared/time';
import { pharmacyLetter, type PharmacyContact } from './pharmacy-letter';

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

/** "Monday, November 23, 2026 at 11:10 a.m.", on the pharmacy's clock. */
export function appointmentTime(slot: { date: string; start_time: string }): string {
  const wall = wallClockDate(slot.date, slot.start_time);
  return `${dateTimeFormat('en-CA', WHEN).format(wall)} at ${dateTimeFormat('en-CA', AT).format(wall)}`;
}

export function appointmentCancelledEmail(input: AppointmentCancelledEmailInput): { subject: string; text: string } {
  const { pharmacy } = input;
  const times = input.slots.map(appointmentTime);
  return {
    subject: `Your appointment at ${pharmacy.name} has been cancelled`,
    text: pharmacyLetter({
      firstName: input.firstName,
      pharmacy,
      body: [
        `Your appointment at ${pharmacy.name} on ${times.join(' and on ')} has been cancelled.`,
        ...(input.people > 1 ? [`The booking was for ${input.people} people: it is cancelled for everyone in it.`] : []),
      ],
      reachFor: 'To book a new time',
      closing: ['If you did not expect this, please let us know.', `Thank you for choosing ${pharmacy.name}.`],
    }),
  };
}
