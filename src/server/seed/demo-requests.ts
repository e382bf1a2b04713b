// The five prescription-request lists, every status present, and their audit trail.
import type { Sql } from '../db/client';
import { DEMO_ADMIN } from '../identity/demo-accounts';
import type { Clock } from './demo-clock';
import { patientFields, requester, type UserRow } from './demo-patients';
import { insertRows } from './insert-rows';
import {
  CITIES,
  MEDICATIONS,
  OTHER_PHARMACIES,
  PRESCRIBERS,
  PRESCRIPTION_NOTES,
} from './ontario-data';
import { phoneNumber } from './people';
import type { Random } from './prng';

const STATUSES = ['active', 'completed', 'flagged'] as const;
type Status = (typeof STATUSES)[number];

/** Every status is present: the first three records take one each. */
function statusFor(random: Random, index: number): Status {
  if (index < STATUSES.length) return STATUSES[index]!;
  const roll = random.next();
  return roll < 0.55 ? 'active' : roll < 0.85 ? 'completed' : 'flagged';
}

function rxNumber(random: Random): string {
  return `RX${random.int(1_000_000, 9_999_999)}`;
}

export async function seedRequests(tx: Sql, random: Random, clock: Clock, users: UserRow[]) {
  let serial = 0;
  const base = (index: number) => {
    const { user_id, person } = requester(random, users, serial++);
    const created_at = clock.createdAt(index);
    return {
      user_id,
      person,
      created_at,
      status: statusFor(random, index),
      updated_at: clock.atLeast(created_at, random.int(0, 600)),
    };
  };

  const transfers = Array.from({ length: 36 }, (_, i) => {
    const { person, ...rest } = base(i);
    const city = random.pick(CITIES);
    return {
      ...rest,
      ...patientFields(person),
      postal_code: person.postal_code,
      pharmacy_name: random.pick(OTHER_PHARMACIES),
      pharmacy_number: phoneNumber(random, city),
    };
  });
  const transferIds = await insertRows<{ transfer_id: number }>(
    tx,
    'transfers',
    transfers,
    'transfer_id',
  );

  const rx = (count: number, extra: (i: number) => Record<string, unknown>) =>
    Array.from({ length: count }, (_, i) => {
      const { person, ...rest } = base(i);
      return { ...rest, ...patientFields(person), rx_number: rxNumber(random), ...extra(i) };
    });
  await insertRows(
    tx,
    'refill_requests',
    // Both kinds in every status: the first six alternate Refill/Renewal.
    rx(40, (i) => ({ type: (i < 6 ? i % 2 === 0 : random.chance(0.6)) ? 'Refill' : 'Renewal' })),
  );
  await insertRows(
    tx,
    'autofill_enrolments',
    rx(30, () => ({})),
  );
  await insertRows(
    tx,
    'refill_reminder_enrolments',
    rx(30, () => ({})),
  );
  await insertRows(
    tx,
    'new_prescriptions',
    Array.from({ length: 30 }, (_, i) => {
      const { person, ...rest } = base(i);
      return {
        ...rest,
        ...patientFields(person),
        medication: random.pick(MEDICATIONS),
        prescriber_name: random.pick(PRESCRIBERS),
        notes: random.pick(PRESCRIPTION_NOTES),
      };
    }),
  );
  await seedStatusEvents(tx);
  return transfers.map((t, i) => ({ ...t, transfer_id: transferIds[i]!.transfer_id }));
}

/** The audit trail of the requests staff already moved on from active. */
async function seedStatusEvents(tx: Sql) {
  const tables = [
    ['transfers', 'transfer_id'],
    ['refill_requests', 'id'],
    ['autofill_enrolments', 'refill_id'],
    ['refill_reminder_enrolments', 'id'],
    ['new_prescriptions', 'prescription_id'],
  ];
  const selects = tables.map(
    ([table, key]) =>
      `SELECT '${table}' AS entity, ${key} AS record_id, status, updated_at FROM ${table} WHERE status <> 'active'`,
  );
  await tx.query(
    `INSERT INTO request_status_events (entity, record_id, from_status, to_status, actor_uid, actor_name, created_at)
     SELECT entity, record_id, 'active', status, $1, $2, updated_at
     FROM (${selects.join(' UNION ALL ')}) AS changed ORDER BY updated_at, entity, record_id`,
    [DEMO_ADMIN.uid, DEMO_ADMIN.displayName],
  );
}
