// Migrations and the demo seed, on PGlite or (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';
import { isEmpty, seedDemo, seedDemoIfEmpty, SEEDED_TABLES } from '../../../src/server/seed/demo';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';

const NOW = new Date('2026-11-18T15:05:00Z'); // a Wednesday, 10:05 in Toronto
const SEED = { timeZone: 'America/Toronto', pharmacyName: 'Trillium Street Pharmacy', now: NOW };

let first: FreshDatabase;
let second: FreshDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
  await seedDemo(first.db, SEED);
  await seedDemo(second.db, SEED);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

async function dump(db: Db, table: string) {
  return db.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
}

async function values(db: Db, sql: string): Promise<string[]> {
  return (await db.query<{ v: string }>(sql)).map((row) => String(row.v)).sort();
}

describe('migrations', () => {
  it('run twice without change', async () => {
    const again = await migrate(first.db);
    expect(again).toEqual([]);
    const applied = await first.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(applied.map((row) => row.name)).toContain('001_init.sql');
  });
});

const NOT_SEEDED = ['access_log', 'access_log_head'];

describe('demo seed', () => {
  it('is deterministic: the same now gives the same rows', async () => {
    for (const table of SEEDED_TABLES) {
      expect(await dump(second.db, table), table).toEqual(await dump(first.db, table));
    }
  });

  it('fills every table', async () => {
    const tables = await values(
      first.db,
      `SELECT table_name AS v FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
    );
    // A table added by a migration needs demo rows too, but the access log: a new pharmacy's log
    // starts empty (its head row comes from migration 007), and no demo row may pose as a view.
    expect(tables).toEqual([...SEEDED_TABLES, ...NOT_SEEDED].sort());
    expect(await values(first.db, 'SELECT count(*)::text AS v FROM access_log')).toEqual(['0']);
    for (const table of SEEDED_TABLES) {
      const [row] = await first.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(row!.n, table).toBeGreaterThan(0);
    }
  });

  it('has every request status, some created today', async () => {
    for (const table of [
      'transfers',
      'refill_requests',
      'autofill_enrolments',
      'refill_reminder_enrolments',
      'new_prescriptions',
    ]) {
      expect(await values(first.db, `SELECT DISTINCT status AS v FROM ${table}`), table).toEqual([
        'active',
        'completed',
        'flagged',
      ]);
      const [today] = await first.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table}
         WHERE (created_at AT TIME ZONE 'America/Toronto')::date = DATE '2026-11-18' AND created_at <= $1`,
        [NOW.toISOString()],
      );
      expect(today!.n, table).toBeGreaterThan(0);
    }
    expect(await values(first.db, 'SELECT DISTINCT type AS v FROM refill_requests')).toEqual([
      'Refill',
      'Renewal',
    ]);
  });

  it('has patients active and inactive, the demo patient among them', async () => {
    expect(await values(first.db, 'SELECT DISTINCT status AS v FROM users')).toEqual([
      'active',
      'inactive',
    ]);
    const [demo] = await first.db.query<{ firebase_uid: string; user_id: number; status: string }>(
      "SELECT firebase_uid, user_id, status FROM users WHERE email = 'patient@pharmacy.test'",
    );
    expect(demo).toMatchObject({ firebase_uid: `patient-${demo!.user_id}`, status: 'active' });
    const [missing] = await first.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE firebase_uid IS DISTINCT FROM 'patient-' || user_id",
    );
    expect(missing!.n).toBe(0);
  });

  it('books appointments of every type and status on 20-minute slots inside 10:50-18:30, never two at once', async () => {
    expect(
      await values(first.db, 'SELECT DISTINCT appointment_type AS v FROM appointments'),
    ).toEqual(['Blocked', 'Consultation', 'Vaccine']);
    expect(await values(first.db, 'SELECT DISTINCT status AS v FROM appointments')).toEqual([
      'cancelled',
      'completed',
      'scheduled',
    ]);
    const [bad] = await first.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments
       WHERE start_time < TIME '10:50' OR start_time > TIME '18:10'
          OR (extract(epoch FROM start_time - TIME '10:50')::int / 60) % 20 <> 0`,
    );
    expect(bad!.n).toBe(0);
    const [overlaps] = await first.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments a JOIN appointments b
         ON a.appointment_id < b.appointment_id AND a.date = b.date AND a.start_time = b.start_time`,
    );
    expect(overlaps!.n).toBe(0);
    const [span] = await first.db.query<{ min: string; max: string }>(
      'SELECT min(date) AS min, max(date) AS max FROM appointments',
    );
    expect(span!.min >= '2026-11-09' && span!.max <= '2026-11-29').toBe(true);
  });

  it('has a vaccine booking for three with its members at positions 1 to 3', async () => {
    const rows = await first.db.query<{ positions: number[] }>(
      `SELECT array_agg(m.position ORDER BY m.position) AS positions FROM vaccine_bookings b
       JOIN vaccination_booking_members m ON m.vaccination_booking_id = b.vaccine_id
       WHERE b.number_of_people = 3 GROUP BY b.vaccine_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.positions).toEqual([1, 2, 3]);
  });

  it('has inquiries from guests and patients, new, resolved and replied', async () => {
    const states = await values(
      first.db,
      `SELECT DISTINCT (CASE WHEN replied THEN 'replied' WHEN resolved THEN 'resolved' ELSE 'new' END)
         || '/' || (CASE WHEN user_id IS NULL THEN 'guest' ELSE 'patient' END) AS v FROM inquiries`,
    );
    expect(states).toEqual([
      'new/guest',
      'new/patient',
      'replied/guest',
      'replied/patient',
      'resolved/guest',
      'resolved/patient',
    ]);
    const [replies] = await first.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM inquiries WHERE replied AND (reply IS NULL OR reply = '')",
    );
    expect(replies!.n).toBe(0);
  });

  it('seeds only an empty database', async () => {
    expect(await isEmpty(first.db)).toBe(false);
    expect(await seedDemoIfEmpty(first.db, SEED)).toBeNull();
  });
});
