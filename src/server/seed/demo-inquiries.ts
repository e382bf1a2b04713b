// Inquiries from guests and signed-in patients: new, resolved and replied.
import type { Sql } from '../db/client';
import type { Clock } from './demo-clock';
import type { UserRow } from './demo-patients';
import { insertRows } from './insert-rows';
import { INQUIRY_MESSAGES, INQUIRY_REPLIES } from './ontario-data';
import { makePerson } from './people';
import type { Random } from './prng';

export async function seedInquiries(tx: Sql, random: Random, clock: Clock, users: UserRow[]) {
  const rows = Array.from({ length: 36 }, (_, i) => {
    const state = (['new', 'resolved', 'replied'] as const)[i % 3]!;
    const fromPatient = random.chance(0.5);
    const person = fromPatient ? random.pick(users) : makePerson(random, 2000 + i);
    const created_at = clock.createdAt(i);
    return {
      user_id: fromPatient ? (person as UserRow).user_id : null,
      first_name: person.first_name,
      last_name: person.last_name,
      email: person.email,
      phone_number: person.phone_number,
      message: random.pick(INQUIRY_MESSAGES),
      created_at,
      resolved: state !== 'new',
      replied: state === 'replied',
      reply: state === 'replied' ? random.pick(INQUIRY_REPLIES) : null,
      replied_at: state === 'replied' ? clock.atLeast(created_at, random.int(5, 300)) : null,
    };
  });
  const ids = await insertRows<{ message_id: number }>(tx, 'inquiries', rows, 'message_id');
  return rows.map((row, i) => ({ ...row, message_id: ids[i]!.message_id }));
}
