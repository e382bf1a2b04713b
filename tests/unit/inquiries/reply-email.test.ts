// The email of a staff reply to an inquiry, in French (Canada) and in English: the question
// quoted briefly, the reply as written, and how to reach the pharmacy (replies are not read).
import { describe, expect, it } from 'vitest';
import { inquiryReplyEmail } from '../../../src/server/mail/inquiry-reply-email';
import { NBSP } from '../../../src/server/mail/pharmacy-letter';

describe('inquiry reply email in French', () => {
  it('quotes the question and gives the reply under French headings', () => {
    const { subject, text } = inquiryReplyEmail({
      firstName: 'Gus',
      question: 'Avez-vous le vaccin\ncontre le zona?',
      reply: 'Oui. Passez en semaine après 11 h.',
      pharmacy: { name: 'Trillium Street Pharmacy', phone: '416-555-0100', hours: 'lun.-ven. 9 h-18 h', language: 'fr' },
    });
    expect(subject).toBe('Réponse de Trillium Street Pharmacy à votre message');
    expect(text).toBe(
      [
        'Bonjour Gus,',
        `Merci d'avoir écrit à Trillium Street Pharmacy. Votre message${NBSP}:`,
        '> Avez-vous le vaccin contre le zona?',
        `Notre réponse${NBSP}:`,
        'Oui. Passez en semaine après 11 h.',
        'Pour toute autre question, veuillez nous appeler au 416-555-0100.',
        `Nos heures d'ouverture${NBSP}: lun.-ven. 9 h-18 h`,
        'Trillium Street Pharmacy\n416-555-0100',
        'Ce courriel est un message automatique. Les réponses envoyées à cette adresse ne sont pas lues.',
      ].join('\n\n') + '\n',
    );
  });

  it('greets a guest who gave no name with "Bonjour,", and names the address, or neither', () => {
    const withAddress = inquiryReplyEmail({
      firstName: null,
      question: 'Q',
      reply: 'R',
      pharmacy: { name: 'P', phone: '416-555-0100', address: '12 Queen St W', language: 'fr' },
    });
    expect(withAddress.text).toMatch(/^Bonjour,\n\n/);
    expect(withAddress.text).toContain(
      'Pour toute autre question, veuillez nous appeler au 416-555-0100 ou passer nous voir au 12 Queen St W.',
    );
    const bare = inquiryReplyEmail({ firstName: '  ', question: 'Q', reply: 'R', pharmacy: { name: 'P', language: 'fr' } });
    expect(bare.text).toMatch(/^Bonjour,\n\n/);
    expect(bare.text).toContain('Pour toute autre question, veuillez communiquer avec la pharmacie.');
    expect(bare.text).toContain('\n\nP\n\nCe courriel');
  });

  it('is the English email, word for word, in English', () => {
    const { subject, text } = inquiryReplyEmail({
      firstName: 'Gus',
      question: 'Do you carry it?',
      reply: 'We do.',
      pharmacy: { name: 'Trillium Street Pharmacy', phone: '416-555-0100', language: 'en' },
    });
    expect(subject).toBe('Re: your message to Trillium Street Pharmacy');
    expect(text).toBe(
      [
        'Hello Gus,',
        'Thank you for your message to Trillium Street Pharmacy. You wrote:',
        '> Do you carry it?',
        'Our reply:',
        'We do.',
        'If you have more questions, please call us at 416-555-0100.',
        'Trillium Street Pharmacy\n416-555-0100',
        'This is an automated message; replies to this address are not read.',
      ].join('\n\n') + '\n',
    );
  });
});
