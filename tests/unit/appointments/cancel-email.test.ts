// The patient's cancellation email: the pharmacy, the time on its clock, how to rebook, and no
// health details; in English, and in French (Canada) with the dates and times as fr-CA writes them.
import { describe, expect, it } from 'vitest';
import { appointmentCancelledEmail, appointmentTime } from '../../../src/server/mail/appointment-cancelled-email';
import { NBSP } from '../../../src/server/mail/pharmacy-letter';

const pharmacy = { name: 'Trillium Street Pharmacy', phone: '416-555-0100', address: '12 Queen St W, Toronto', language: 'en' } as const;

describe('appointment cancelled email', () => {
  it("names the pharmacy, the pharmacy's date and time, and how to rebook", () => {
    const { subject, text } = appointmentCancelledEmail({
      firstName: ' Mira ',
      slots: [{ date: '2027-03-14', start_time: '11:10:00' }],
      people: 1,
      pharmacy,
    });
    expect(subject).toBe('Your appointment at Trillium Street Pharmacy has been cancelled');
    expect(text).toContain('Hello Mira,');
    expect(text).toContain('Your appointment at Trillium Street Pharmacy on Sunday, March 14, 2027 at 11:10 a.m. has been cancelled.');
    expect(text).toContain('To book a new time, please call us at 416-555-0100 or visit us at 12 Queen St W, Toronto.');
    expect(text).not.toContain('everyone');
  });

  it('says a household booking is cancelled for everyone, and falls back to "contact the pharmacy"', () => {
    const { text } = appointmentCancelledEmail({
      firstName: '',
      slots: [{ date: '2027-03-15', start_time: '18:10:00' }],
      people: 3,
      pharmacy: { name: 'Trillium Street Pharmacy', language: 'en' },
    });
    expect(text.startsWith('Hello,')).toBe(true);
    expect(text).toContain('The booking was for 3 people: it is cancelled for everyone in it.');
    expect(text).toContain('To book a new time, please contact the pharmacy.');
    expect(appointmentTime({ date: '2027-03-15', start_time: '18:10:00' })).toBe('Monday, March 15, 2027 at 6:10 p.m.');
  });
});

describe('appointment cancelled email in French', () => {
  const fr = { ...pharmacy, hours: 'lun.-ven. 9 h-18 h', language: 'fr' } as const;

  it("names the pharmacy, the pharmacy's date and time as fr-CA writes them, and how to rebook", () => {
    const { subject, text } = appointmentCancelledEmail({
      firstName: ' Mira ',
      slots: [{ date: '2027-03-14', start_time: '11:10:00' }],
      people: 1,
      pharmacy: fr,
    });
    expect(subject).toBe('Votre rendez-vous chez Trillium Street Pharmacy a été annulé');
    expect(text).toBe(
      [
        'Bonjour Mira,',
        'Votre rendez-vous chez Trillium Street Pharmacy le dimanche 14 mars 2027 à 11 h 10 a été annulé.',
        'Pour prendre un nouveau rendez-vous, veuillez nous appeler au 416-555-0100 ou passer nous voir au 12 Queen St W, Toronto.',
        `Nos heures d'ouverture${NBSP}: lun.-ven. 9 h-18 h`,
        'Si vous ne vous attendiez pas à cette annulation, veuillez nous en informer.',
        "Merci d'avoir choisi Trillium Street Pharmacy.",
        'Trillium Street Pharmacy\n12 Queen St W, Toronto\n416-555-0100',
        'Ce courriel est un message automatique. Les réponses envoyées à cette adresse ne sont pas lues.',
      ].join('\n\n') + '\n',
    );
  });

  it('says a household booking is cancelled for everyone, lists each time, and falls back to "communiquer avec la pharmacie"', () => {
    const { text } = appointmentCancelledEmail({
      firstName: '',
      slots: [
        { date: '2027-03-15', start_time: '18:10:00' },
        { date: '2027-03-15', start_time: '18:20:00' },
      ],
      people: 3,
      pharmacy: { name: 'Trillium Street Pharmacy', language: 'fr' },
    });
    expect(text.startsWith('Bonjour,\n\n')).toBe(true);
    expect(text).toContain(
      'Votre rendez-vous chez Trillium Street Pharmacy le lundi 15 mars 2027 à 18 h 10 et le lundi 15 mars 2027 à 18 h 20 a été annulé.',
    );
    expect(text).toContain(`La réservation visait 3 personnes${NBSP}: elle est annulée pour chacune d'entre elles.`);
    expect(text).toContain('Pour prendre un nouveau rendez-vous, veuillez communiquer avec la pharmacie.');
    expect(text).not.toContain("heures d'ouverture");
    expect(text).toContain('\n\nTrillium Street Pharmacy\n\nCe courriel est un message automatique.');
  });

  it('writes a time with a phone only as fr-CA does, midnight as 0 h', () => {
    const { text } = appointmentCancelledEmail({
      firstName: 'Mira',
      slots: [{ date: '2027-01-01', start_time: '00:05:00' }],
      people: 1,
      pharmacy: { name: 'P', phone: '416-555-0100', language: 'fr' },
    });
    expect(text).toContain('le vendredi 1 janvier 2027 à 0 h 05 a été annulé.');
    expect(text).toContain('veuillez nous appeler au 416-555-0100.\n\n');
    expect(appointmentTime({ date: '2027-03-15', start_time: '18:10:00' }, 'fr')).toBe('lundi 15 mars 2027 à 18 h 10');
    expect(appointmentTime({ date: '2027-03-15', start_time: '18:10:00' }, 'en')).toBe('Monday, March 15, 2027 at 6:10 p.m.');
  });
});
