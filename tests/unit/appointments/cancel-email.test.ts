// The patient's cancellation email: the pharmacy, the time on its clock, how to rebook, and no
// health details.
import { describe, expect, it } from 'vitest';
import { appointmentCancelledEmail, appointmentTime } from '../../../src/server/mail/appointment-cancelled-email';

const pharmacy = { name: 'Trillium Street Pharmacy', phone: '416-555-0100', address: '12 Queen St W, Toronto' };

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
      pharmacy: { name: 'Trillium Street Pharmacy' },
    });
    expect(text.startsWith('Hello,')).toBe(true);
    expect(text).toContain('The booking was for 3 people: it is cancelled for everyone in it.');
    expect(text).toContain('To book a new time, please contact the pharmacy.');
    expect(appointmentTime({ date: '2027-03-15', start_time: '18:10:00' })).toBe('Monday, March 15, 2027 at 6:10 p.m.');
  });
});
