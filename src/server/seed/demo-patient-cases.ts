// Patients and inquiries that show the edge cases of the patient and message screens: no email
// address, birthdays today and on 29 February, guests without an email or a phone, and an
// inquiry that cannot be answered by email. Added after the rest of the demo data with their own
// random stream, so the rows seeded before them stay exactly as they were.
import type { User } from '../../shared/entities';
import type { Sql } from '../db/client';
import { makeClock } from './demo-clock';
import { insertRows } from './insert-rows';
import { createRandom } from './prng';

const CASES_SEED = 20_261_123;

type CasePatient = Omit<User, 'user_id'>;

/** A date of birth `age` years before `today` (YYYY-MM-DD), on a leap year when it is 29 February. */
function birthdayToday(today: string, age: number): string {
  const [year, month, day] = today.split('-') as [string, string, string];
  let born = Number(year) - age;
  if (month === '02' && day === '29') while (born % 4 !== 0 || (born % 100 === 0 && born % 400 !== 0)) born -= 1;
  return `${born}-${month}-${day}`;
}

export async function seedPatientCases(tx: Sql, now: Date, timeZone: string) {
  const random = createRandom(CASES_SEED);
  const clock = makeClock(now, timeZone, random);
  const patients: CasePatient[] = [
    { first_name: 'Leah', last_name: 'Bissextile', email: 'leah.bissextile@example.ca', phone_number: '(416) 555-0181', date_of_birth: '1996-02-29', postal_code: 'M6G 2L7', status: 'active' },
    { first_name: 'Walter', last_name: 'Leaping', email: null, phone_number: '(905) 555-0182', date_of_birth: '1944-02-29', postal_code: 'L8P 4R5', status: 'inactive' },
    { first_name: 'Noor', last_name: 'Haddad', email: 'noor.haddad@example.com', phone_number: '(613) 555-0183', date_of_birth: birthdayToday(clock.today, 34), postal_code: 'K1N 6N5', status: 'active' },
    { first_name: 'Elliot', last_name: 'Birch', email: null, phone_number: '(416) 555-0184', date_of_birth: birthdayToday(clock.today, 71), postal_code: 'M4E 1G8', status: 'active' },
    { first_name: 'Rosa', last_name: 'Delgado', email: null, phone_number: null, date_of_birth: '1988-07-14', postal_code: null, status: 'active' },
    { first_name: 'Sam', last_name: 'Kowalczyk', email: null, phone_number: '(519) 555-0186', date_of_birth: null, postal_code: 'N6A 3K7', status: 'inactive' },
  ];
  const ids = await insertRows<{ user_id: number }>(
    tx,
    'users',
    patients.map((p) => ({ ...p, province: 'ON', created_at: clock.daysAgo(300) })),
    'user_id',
  );
  const users = patients.map((p, i) => ({ ...p, user_id: ids[i]!.user_id }));
  // Every demo patient is a sign-in account, as the others are (seedUsers).
  await tx.query(`UPDATE users SET firebase_uid = 'patient-' || user_id WHERE user_id = ANY($1)`, [
    users.map((u) => u.user_id),
  ]);
  const [leah, , noor, elliot, rosa] = users;

  const today = () => clock.earlierToday();
  const earlier = () => clock.daysAgo(20);
  const asked = (user: (typeof users)[number], message: string, created_at: string) => ({
    user_id: user.user_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    message,
    created_at,
  });
  const guest = (first: string | null, last: string | null, email: string | null, phone: string | null, message: string, created_at: string) => ({
    user_id: null,
    first_name: first,
    last_name: last,
    email,
    phone_number: phone,
    message,
    created_at,
  });
  const open = { resolved: false, replied: false, reply: null, replied_at: null };
  const resolved = { resolved: true, replied: false, reply: null, replied_at: null };
  const replied = (reply: string, created_at: string) => ({
    resolved: true,
    replied: true,
    reply,
    replied_at: clock.atLeast(created_at, 45),
  });

  const leahAsked = today();
  const rosaAsked = earlier();
  const rows = [
    { ...asked(leah!, 'My birthday only comes every four years. Can I still renew my prescription online this month?', leahAsked), ...open },
    { ...asked(noor!, 'Is the pharmacy open on the holiday Monday? I need to pick up my inhaler.', today()), ...resolved },
    { ...asked(elliot!, 'I do not use email. Could someone call me about my blood pressure medication refill?', today()), ...open },
    {
      ...asked(rosa!, 'Can I get my travel vaccines here, or do I need to go to a clinic?', rosaAsked),
      ...replied('We offer most travel vaccines. Please call us to book a consultation first.', rosaAsked),
    },
    { ...guest('Priya', 'Raman', null, '(647) 555-0187', 'Do you deliver to Leslieville? I cannot leave home this week.', today()), ...open },
    { ...guest('Tom', 'Whitfield', 'tom.whitfield@example.org', null, 'Do you accept prescriptions from a walk-in clinic doctor?', earlier()), ...resolved },
    { ...guest(null, null, null, null, 'What time do you close on Sundays?', today()), ...open },
  ];
  await insertRows(tx, 'inquiries', rows);
}
