// The patient email of "Notify" on a completed transfer. Plain text, and deliberately free of
// health details: no date of birth, no medication, no prescription numbers (an email can be read
// by anyone with access to the mailbox).
import { pharmacyLetter, type PharmacyContact } from './pharmacy-letter';

export interface TransferCompleteEmailInput {
  firstName: string;
  /** The pharmacy the prescription came from (the transfer's pharmacy_name). */
  previousPharmacy: string;
  pharmacy: PharmacyContact;
}

export const TRANSFER_COMPLETE_KIND = 'transfer_complete';

export function transferCompleteEmail(input: TransferCompleteEmailInput): {
  subject: string;
  text: string;
} {
  const { pharmacy } = input;
  const previous = input.previousPharmacy.trim();
  const from = previous ? `from ${previous} ` : '';
  return {
    subject: `Your prescription transfer to ${pharmacy.name} is complete`,
    text: pharmacyLetter({
      firstName: input.firstName,
      pharmacy,
      body: [
        `Good news: your prescription transfer ${from}to ${pharmacy.name} is complete. We have received ` +
          'your prescription, and it can now be filled and picked up at our pharmacy.',
      ],
      reachFor: 'To have it filled, or if you have any questions',
      closing: ['If you did not ask for this transfer, please let us know.', `Thank you for choosing ${pharmacy.name}.`],
    }),
  };
}
