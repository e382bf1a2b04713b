// The patient email of "Notify" on a completed transfer. Plain text, and deliberately free of
// health details: no date of birth, no medication, no prescription numbers (an email can be read
// by anyone with access to the mailbox).

export interface PharmacyContact {
  name: string;
  phone?: string;
  address?: string;
  hours?: string;
}

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
  const firstName = input.firstName.trim();
  const previous = input.previousPharmacy.trim();
  const from = previous ? `from ${previous} ` : '';
  const reach: string[] = [];
  if (pharmacy.phone) reach.push(`call us at ${pharmacy.phone}`);
  if (pharmacy.address) reach.push(`visit us at ${pharmacy.address}`);

  const paragraphs = [
    firstName ? `Hello ${firstName},` : 'Hello,',
    `Good news: your prescription transfer ${from}to ${pharmacy.name} is complete. We have received ` +
      'your prescription, and it can now be filled and picked up at our pharmacy.',
    reach.length > 0
      ? `To have it filled, or if you have any questions, please ${reach.join(' or ')}.`
      : 'To have it filled, or if you have any questions, please contact the pharmacy.',
    ...(pharmacy.hours ? [`Our hours: ${pharmacy.hours}`] : []),
    'If you did not ask for this transfer, please let us know.',
    `Thank you for choosing ${pharmacy.name}.`,
    [pharmacy.name, pharmacy.address, pharmacy.phone].filter(Boolean).join('\n'),
    'This is an automated message; replies to this address are not read.',
  ];
  return {
    subject: `Your prescription transfer to ${pharmacy.name} is complete`,
    text: `${paragraphs.join('\n\n')}\n`,
  };
}
