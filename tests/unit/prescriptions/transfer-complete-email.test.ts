// The patient email of Notify on a completed transfer, in English and in French (Canada): the
// pharmacies' names and how to reach the pharmacy, never a health detail.
import { describe, expect, it } from 'vitest';
import { NBSP, type PharmacyContact } from '../../../src/server/mail/pharmacy-letter';
import { transferCompleteEmail } from '../../../src/server/mail/transfer-complete-email';

const FR: PharmacyContact = {
  name: 'Trillium Street Pharmacy',
  phone: '416-555-0100',
  address: '12 Queen St W, Toronto',
  hours: 'lun.-ven. 9 h-18 h',
  language: 'fr',
};

describe('transfer complete email in French', () => {
  it('says the transfer is complete, in formal French, with every way to reach the pharmacy', () => {
    const { subject, text } = transferCompleteEmail({
      firstName: ' Marie ',
      previousPharmacy: ' Lakeshore Apothecary ',
      pharmacy: FR,
    });
    expect(subject).toBe("Votre transfert d'ordonnance vers Trillium Street Pharmacy est terminé");
    expect(text).toBe(
      [
        'Bonjour Marie,',
        `Bonne nouvelle${NBSP}: le transfert de votre ordonnance de Lakeshore Apothecary vers Trillium Street Pharmacy ` +
          'est terminé. Nous avons bien reçu votre ordonnance. Elle peut maintenant être préparée, et vous pourrez venir ' +
          'la chercher à notre pharmacie.',
        'Pour la faire préparer ou pour toute question, veuillez nous appeler au 416-555-0100 ou passer nous voir au 12 Queen St W, Toronto.',
        `Nos heures d'ouverture${NBSP}: lun.-ven. 9 h-18 h`,
        "Si vous n'avez pas demandé ce transfert, veuillez nous en informer.",
        "Merci d'avoir choisi Trillium Street Pharmacy.",
        'Trillium Street Pharmacy\n12 Queen St W, Toronto\n416-555-0100',
        'Ce courriel est un message automatique. Les réponses envoyées à cette adresse ne sont pas lues.',
      ].join('\n\n') + '\n',
    );
  });

  it('greets without a first name, leaves out an unknown previous pharmacy, falls back to "communiquer avec la pharmacie"', () => {
    const { text } = transferCompleteEmail({
      firstName: '',
      previousPharmacy: '  ',
      pharmacy: { name: 'Trillium Street Pharmacy', language: 'fr' },
    });
    expect(text).toMatch(/^Bonjour,\n\n/);
    expect(text).toContain(`Bonne nouvelle${NBSP}: le transfert de votre ordonnance vers Trillium Street Pharmacy est terminé.`);
    expect(text).toContain('Pour la faire préparer ou pour toute question, veuillez communiquer avec la pharmacie.');
    expect(text).not.toContain("heures d'ouverture");
  });

  it('with a phone only, or an address only, names just that', () => {
    const email = (contact: { phone?: string; address?: string }) =>
      transferCompleteEmail({ firstName: 'Marie', previousPharmacy: '', pharmacy: { name: 'P', ...contact, language: 'fr' } });
    const phone = email({ phone: '416-555-0100' });
    expect(phone.text).toContain('veuillez nous appeler au 416-555-0100.');
    expect(phone.text).toContain('\n\nP\n416-555-0100\n\n');
    const address = email({ address: '12 Queen St W' });
    expect(address.text).toContain('veuillez passer nous voir au 12 Queen St W.');
  });

  it('is the English email, word for word, in English', () => {
    const { subject, text } = transferCompleteEmail({
      firstName: 'Mary',
      previousPharmacy: 'Lakeshore Apothecary',
      pharmacy: { ...FR, hours: undefined, language: 'en' },
    });
    expect(subject).toBe('Your prescription transfer to Trillium Street Pharmacy is complete');
    expect(text).toBe(
      [
        'Hello Mary,',
        'Good news: your prescription transfer from Lakeshore Apothecary to Trillium Street Pharmacy is complete. We have received ' +
          'your prescription, and it can now be filled and picked up at our pharmacy.',
        'To have it filled, or if you have any questions, please call us at 416-555-0100 or visit us at 12 Queen St W, Toronto.',
        'If you did not ask for this transfer, please let us know.',
        'Thank you for choosing Trillium Street Pharmacy.',
        'Trillium Street Pharmacy\n12 Queen St W, Toronto\n416-555-0100',
        'This is an automated message; replies to this address are not read.',
      ].join('\n\n') + '\n',
    );
  });
});
