// The patient email of "Notify" on a completed transfer. Plain text, and deliberately free of
// health details: no date of birth, no medication, no prescription numbers (an email can be read
// by anyone with access to the mailbox).
import { NBSP, pharmacyLetter, type PatientEmailLanguage, type PharmacyContact } from './pharmacy-letter';

export interface TransferCompleteEmailInput {
  firstName: string;
  /** The pharmacy the prescription came from (the transfer's pharmacy_name). */
  previousPharmacy: string;
  pharmacy: PharmacyContact;
}

export const TRANSFER_COMPLETE_KIND = 'transfer_complete';

/** The email's own words, given the pharmacy's name and the previous one (blank when unknown). */
const WORDS: Record<
  PatientEmailLanguage,
  (name: string, previous: string) => { subject: string; body: string; reachFor: string; closing: string[] }
> = {
  en: (name, previous) => ({
    subject: `Your prescription transfer to ${name} is complete`,
    body:
      `Good news: your prescription transfer ${previous ? `from ${previous} ` : ''}to ${name} is complete. We have received ` +
      'your prescription, and it can now be filled and picked up at our pharmacy.',
    reachFor: 'To have it filled, or if you have any questions',
    closing: ['If you did not ask for this transfer, please let us know.', `Thank you for choosing ${name}.`],
  }),
  fr: (name, previous) => ({
    subject: `Votre transfert d'ordonnance vers ${name} est terminé`,
    body:
      `Bonne nouvelle${NBSP}: le transfert de votre ordonnance ${previous ? `de ${previous} ` : ''}vers ${name} est terminé. ` +
      'Nous avons bien reçu votre ordonnance. Elle peut maintenant être préparée, et vous pourrez venir la chercher ' +
      'à notre pharmacie.',
    reachFor: 'Pour la faire préparer ou pour toute question',
    closing: ["Si vous n'avez pas demandé ce transfert, veuillez nous en informer.", `Merci d'avoir choisi ${name}.`],
  }),
};

export function transferCompleteEmail(input: TransferCompleteEmailInput): {
  subject: string;
  text: string;
} {
  const { pharmacy } = input;
  const words = WORDS[pharmacy.language](pharmacy.name, input.previousPharmacy.trim());
  return {
    subject: words.subject,
    text: pharmacyLetter({
      firstName: input.firstName,
      pharmacy,
      body: [words.body],
      reachFor: words.reachFor,
      closing: words.closing,
    }),
  };
}
