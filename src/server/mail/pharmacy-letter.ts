// The frame every patient email shares: the greeting, how to reach the pharmacy, its hours, the
// signature and the automated-message footer. Plain text; each email supplies its own paragraphs.
// Written in the pharmacy's language for patients (PATIENT_EMAIL_LANGUAGE): English, or French
// (Canada), formal and with a non-breaking space before a colon, as Canadian French is typeset.

/** The languages patient emails are written in. */
export const PATIENT_EMAIL_LANGUAGES = ['en', 'fr'] as const;
export type PatientEmailLanguage = (typeof PATIENT_EMAIL_LANGUAGES)[number];

/** The space French puts before a colon, kept with the word before it. */
export const NBSP = '\u00a0';

export interface PharmacyContact {
  name: string;
  phone?: string;
  address?: string;
  hours?: string;
  /** The language the pharmacy writes to patients in (PATIENT_EMAIL_LANGUAGE). */
  language: PatientEmailLanguage;
}

export interface PharmacyLetterParts {
  /** The greeting's name; blank or missing gives a bare "Hello,". */
  firstName?: string | null;
  pharmacy: PharmacyContact;
  /** The paragraphs after the greeting. */
  body: readonly string[];
  /**
   * What reaching the pharmacy is for, e.g. "To book a new time" (", please call us at …." follows;
   * in French ", veuillez nous appeler au …."), in the pharmacy's language.
   */
  reachFor: string;
  /** Paragraphs after the hours, before the signature. */
  closing?: readonly string[];
}

/** The frame's own words in one language. */
interface LetterWords {
  greeting(firstName: string | undefined): string;
  callUs(phone: string): string;
  visitUs(address: string): string;
  /** Joins "call us" and "visit us". */
  or: string;
  /** The request after `reachFor`, given the ways to reach the pharmacy (none: ask them to contact it). */
  please(ways: string): string;
  contactUs: string;
  hours(hours: string): string;
  footer: string;
}

const WORDS: Record<PatientEmailLanguage, LetterWords> = {
  en: {
    greeting: (firstName) => (firstName ? `Hello ${firstName},` : 'Hello,'),
    callUs: (phone) => `call us at ${phone}`,
    visitUs: (address) => `visit us at ${address}`,
    or: ' or ',
    please: (ways) => `please ${ways}`,
    contactUs: 'contact the pharmacy',
    hours: (hours) => `Our hours: ${hours}`,
    footer: 'This is an automated message; replies to this address are not read.',
  },
  fr: {
    greeting: (firstName) => (firstName ? `Bonjour ${firstName},` : 'Bonjour,'),
    callUs: (phone) => `nous appeler au ${phone}`,
    visitUs: (address) => `passer nous voir au ${address}`,
    or: ' ou ',
    please: (ways) => `veuillez ${ways}`,
    contactUs: 'communiquer avec la pharmacie',
    hours: (hours) => `Nos heures d'ouverture${NBSP}: ${hours}`,
    footer: 'Ce courriel est un message automatique. Les réponses envoyées à cette adresse ne sont pas lues.',
  },
};

/** The letter's text: its paragraphs separated by a blank line, ending with a newline. */
export function pharmacyLetter(parts: PharmacyLetterParts): string {
  const { pharmacy } = parts;
  const words = WORDS[pharmacy.language];
  const firstName = parts.firstName?.trim();
  const reach: string[] = [];
  if (pharmacy.phone) reach.push(words.callUs(pharmacy.phone));
  if (pharmacy.address) reach.push(words.visitUs(pharmacy.address));

  const paragraphs = [
    words.greeting(firstName),
    ...parts.body,
    `${parts.reachFor}, ${words.please(reach.length > 0 ? reach.join(words.or) : words.contactUs)}.`,
    ...(pharmacy.hours ? [words.hours(pharmacy.hours)] : []),
    ...(parts.closing ?? []),
    [pharmacy.name, pharmacy.address, pharmacy.phone].filter(Boolean).join('\n'),
    words.footer,
  ];
  return `${paragraphs.join('\n\n')}\n`;
}
