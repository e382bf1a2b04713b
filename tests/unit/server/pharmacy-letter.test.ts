// The frame every patient email shares (src/server/mail/pharmacy-letter.ts), in English and in
// French (Canada): the greeting with or without a first name, the ways to reach the pharmacy
// that are configured, its hours, the signature and the automated-message footer.
import { describe, expect, it } from 'vitest';
import { NBSP, pharmacyLetter, type PatientEmailLanguage, type PharmacyContact } from '../../../src/server/mail/pharmacy-letter';

const NAME = 'Pharmacie de la rue Trillium';
const PHONE = '416-555-0100';
const ADDRESS = '12, rue Queen Ouest, Toronto';
const HOURS = 'lun.-ven. 9 h-18 h';

function letter(language: PatientEmailLanguage, contact: Partial<PharmacyContact>, firstName?: string | null): string {
  return pharmacyLetter({
    firstName,
    pharmacy: { name: NAME, ...contact, language },
    body: ['BODY'],
    reachFor: language === 'fr' ? 'Pour toute question' : 'If you have any questions',
    closing: ['CLOSING'],
  });
}

describe('the pharmacy letter in French', () => {
  it('greets by first name, trimmed, and says a bare "Bonjour," without one', () => {
    expect(letter('fr', {}, ' Mira ')).toMatch(/^Bonjour Mira,\n\nBODY\n\n/);
    for (const none of [undefined, null, '', '   ']) {
      expect(letter('fr', {}, none), String(none)).toMatch(/^Bonjour,\n\nBODY\n\n/);
    }
  });

  it.each([
    [{ phone: PHONE, address: ADDRESS }, `veuillez nous appeler au ${PHONE} ou passer nous voir au ${ADDRESS}.`],
    [{ phone: PHONE }, `veuillez nous appeler au ${PHONE}.`],
    [{ address: ADDRESS }, `veuillez passer nous voir au ${ADDRESS}.`],
    [{}, 'veuillez communiquer avec la pharmacie.'],
  ])('says how to reach the pharmacy with what is configured (%o)', (contact, reach) => {
    expect(letter('fr', contact)).toContain(`\n\nPour toute question, ${reach}\n\n`);
  });

  it('is the whole letter: hours, closing, signature and footer, a non-breaking space before the colon', () => {
    expect(letter('fr', { phone: PHONE, address: ADDRESS, hours: HOURS }, 'Mira')).toBe(
      [
        'Bonjour Mira,',
        'BODY',
        `Pour toute question, veuillez nous appeler au ${PHONE} ou passer nous voir au ${ADDRESS}.`,
        `Nos heures d'ouverture${NBSP}: ${HOURS}`,
        'CLOSING',
        `${NAME}\n${ADDRESS}\n${PHONE}`,
        'Ce courriel est un message automatique. Les réponses envoyées à cette adresse ne sont pas lues.',
      ].join('\n\n') + '\n',
    );
    expect(NBSP).toBe('\u00a0');
  });

  it('leaves out the hours and the signature lines that are not configured', () => {
    const text = letter('fr', { phone: PHONE });
    expect(text).not.toContain("heures d'ouverture");
    expect(text).toContain(`\n\nCLOSING\n\n${NAME}\n${PHONE}\n\nCe courriel est un message automatique.`);
    expect(letter('fr', {})).toContain(`\n\nCLOSING\n\n${NAME}\n\nCe courriel`);
  });

  it('keeps every English word of the frame out of the French letter, and the reverse', () => {
    const fr = letter('fr', { phone: PHONE, address: ADDRESS, hours: HOURS }, 'Mira');
    for (const english of ['Hello', 'please', 'call us', 'visit us', 'contact the pharmacy', 'Our hours', 'automated message']) {
      expect(fr).not.toContain(english);
    }
    const en = letter('en', { phone: PHONE, address: ADDRESS, hours: HOURS }, 'Mira');
    for (const french of ['Bonjour', 'veuillez', 'appeler', 'ouverture', 'courriel', NBSP]) expect(en).not.toContain(french);
  });
});

describe('the pharmacy letter in English', () => {
  it('is as it always was', () => {
    expect(letter('en', { phone: PHONE, address: ADDRESS, hours: HOURS }, 'Mira')).toBe(
      [
        'Hello Mira,',
        'BODY',
        `If you have any questions, please call us at ${PHONE} or visit us at ${ADDRESS}.`,
        `Our hours: ${HOURS}`,
        'CLOSING',
        `${NAME}\n${ADDRESS}\n${PHONE}`,
        'This is an automated message; replies to this address are not read.',
      ].join('\n\n') + '\n',
    );
    expect(letter('en', {}, null)).toMatch(/^Hello,\n\nBODY\n\nIf you have any questions, please contact the pharmacy\.\n\nCLOSING\n\n/);
  });
});
