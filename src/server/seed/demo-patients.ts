// The demo's patients (every one also a Firebase account) and who makes each request.
import type { Sql } from '../db/client';
import { DEMO_PATIENT } from '../identity/demo-accounts';
import type { Clock } from './demo-clock';
import { insertRows } from './insert-rows';
import { makePerson, type Person } from './people';
import type { Random } from './prng';

export interface UserRow extends Person {
  user_id: number;
  status: 'active' | 'inactive';
}

export async function seedUsers(tx: Sql, random: Random, clock: Clock): Promise<UserRow[]> {
  const rows = Array.from({ length: 40 }, (_, i) => {
    const person = makePerson(random, i + 1);
    return {
      ...person,
      // The demo patient signs in with the documented account.
      email: i === 0 ? DEMO_PATIENT.email : person.email,
      status: i !== 0 && random.chance(0.2) ? 'inactive' : 'active',
      created_at: clock.daysAgo(700),
    };
  });
  const ids = await insertRows<{ user_id: number }>(tx, 'users', rows, 'user_id');
  const users = rows.map((row, i) => ({ ...row, user_id: ids[i]!.user_id }) as UserRow);
  // Each patient is also a Firebase account, so a password reset finds them.
  await tx.query(
    `UPDATE users SET firebase_uid = 'patient-' || user_id WHERE firebase_uid IS NULL`,
  );
  return users;
}

/** A requester: often a known patient, sometimes someone without an account. */
export function requester(random: Random, users: UserRow[], serial: number) {
  if (random.chance(0.6)) {
    const user = random.pick(users);
    return { user_id: user.user_id as number | null, person: user as Person };
  }
  return { user_id: null, person: makePerson(random, 1000 + serial) };
}

export function patientFields(person: Person) {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    phone_number: person.phone_number,
    email: person.email,
    date_of_birth: person.date_of_birth,
  };
}
