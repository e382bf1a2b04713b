// Demo data for a fresh install: an Ontario community pharmacy with tens of records in every
// table, every status present, some created today. Deterministic: a seeded generator, with
// dates relative to `now` on the pharmacy's calendar (the same `now` gives the same rows).
import type { Db, Sql } from '../db/client';
import { seedAppointments } from './demo-appointments';
import { makeClock } from './demo-clock';
import { seedInquiries } from './demo-inquiries';
import { seedPatientCases } from './demo-patient-cases';
import { seedUsers } from './demo-patients';
import { seedRequests } from './demo-requests';
import { seedSavedReplies } from './demo-saved-replies';
import { seedSentMail, seedStaff } from './demo-staff-activity';
import { createRandom } from './prng';

export const DEMO_SEED = 20_261_121;

export interface DemoSeedOptions {
  timeZone: string;
  pharmacyName: string;
  now?: Date;
}

/** Rows per table, as inserted. */
export type SeedCounts = Record<string, number>;

export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<SeedCounts> {
  await db.transaction((tx) => seedInto(tx, options));
  return tableCounts(db);
}

async function seedInto(tx: Sql, options: DemoSeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const random = createRandom(DEMO_SEED);
  const clock = makeClock(now, options.timeZone, random);
  const users = await seedUsers(tx, random, clock);
  const transfers = await seedRequests(tx, random, clock, users);
  await seedAppointments(tx, random, clock, users, now, options.timeZone);
  const inquiries = await seedInquiries(tx, random, clock, users);
  await seedStaff(tx, random, clock);
  await seedSentMail(tx, clock, options.pharmacyName, inquiries, transfers);
  await seedPatientCases(tx, now, options.timeZone);
  await seedSavedReplies(tx, now);
}

export const SEEDED_TABLES = [
  'staff',
  'users',
  'transfers',
  'refill_requests',
  'autofill_enrolments',
  'refill_reminder_enrolments',
  'new_prescriptions',
  'vaccine_bookings',
  'vaccination_booking_members',
  'consultation_bookings',
  'appointments',
  'inquiries',
  'tombstones',
  'idempotency_keys',
  'email_outbox',
  'request_status_events',
  'availability_events',
  'saved_replies',
  'saved_reply_events',
] as const;

export async function tableCounts(db: Sql): Promise<SeedCounts> {
  const counts: SeedCounts = {};
  for (const table of SEEDED_TABLES) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/** Demo data goes only into an empty database: never over someone's records. */
export async function isEmpty(db: Sql): Promise<boolean> {
  const [row] = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM transfers)
       OR EXISTS (SELECT 1 FROM appointments) OR EXISTS (SELECT 1 FROM inquiries) AS used`,
  );
  return !row?.used;
}

/**
 * The demo data, unless the database holds records. Checked inside the seed's write transaction,
 * so of two instances starting at once on one empty database only the first seeds it.
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: DemoSeedOptions,
): Promise<SeedCounts | null> {
  const seeded = await db.transaction(async (tx) => {
    if (!(await isEmpty(tx))) return false;
    await seedInto(tx, options);
    return true;
  });
  return seeded ? tableCounts(db) : null;
}
