// The demo data holds what the patient and message screens must show: patients active and
// inactive, without email, with birthdays today and on 29 February; inquiries from guests and
// patients in every state, some created today. On PGlite, or PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/server/seed/demo';
import { localDate } from '../../../src/shared/time';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';

const ZONE = 'America/Toronto';
const NOW = new Date('2026-11-23T15:05:00Z'); // a Monday, 10:05 in Toronto
const TODAY = localDate(NOW, ZONE);

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await freshDatabase();
  await seedDemo(fresh.db, { timeZone: ZONE, pharmacyName: 'Trillium Street Pharmacy', now: NOW });
});
afterAll(async () => {
  await fresh?.close();
});

async function count(where: string, table = 'users'): Promise<number> {
  const [row] = await fresh.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`);
  return row!.n;
}

describe('demo patients', () => {
  it('are active and inactive, some without email', async () => {
    expect(await count("status = 'active'")).toBeGreaterThan(0);
    expect(await count("status = 'inactive'")).toBeGreaterThan(0);
    expect(await count('email IS NULL')).toBeGreaterThanOrEqual(2);
    expect(await count("email IS NULL AND status = 'inactive'")).toBeGreaterThan(0);
  });

  it('include birthdays today and on 29 February', async () => {
    expect(await count(`to_char(date_of_birth, 'MM-DD') = '${TODAY.slice(5)}'`)).toBeGreaterThanOrEqual(1);
    expect(await count(`to_char(date_of_birth, 'MM-DD') = '02-29'`)).toBeGreaterThanOrEqual(1);
  });

  it('are each a sign-in account, as the other demo patients', async () => {
    expect(await count("firebase_uid IS DISTINCT FROM 'patient-' || user_id")).toBe(0);
  });
});

describe('demo inquiries', () => {
  const states = {
    new: 'NOT resolved AND NOT replied',
    resolved: 'resolved AND NOT replied',
    replied: 'replied',
  };
  it.each(Object.entries(states))('from guests and from patients, %s', async (_state, where) => {
    expect(await count(`${where} AND user_id IS NULL`, 'inquiries')).toBeGreaterThan(0);
    expect(await count(`${where} AND user_id IS NOT NULL`, 'inquiries')).toBeGreaterThan(0);
  });

  it('some created today, a guest without email or phone, one that cannot be answered by email', async () => {
    expect(
      await count(`(created_at AT TIME ZONE '${ZONE}')::date = '${TODAY}'::date`, 'inquiries'),
    ).toBeGreaterThanOrEqual(3);
    expect(await count('user_id IS NULL AND email IS NULL', 'inquiries')).toBeGreaterThan(0);
    expect(await count('user_id IS NULL AND phone_number IS NULL', 'inquiries')).toBeGreaterThan(0);
    expect(
      await count(
        'NOT replied AND email IS NULL AND (user_id IS NULL OR user_id IN (SELECT user_id FROM users WHERE email IS NULL))',
        'inquiries',
      ),
    ).toBeGreaterThan(0);
  });
});

describe('demo staff (issue 19)', () => {
  it('each have a name, and the demo history says who did what by name', async () => {
    const staff = await fresh.db.query<{ uid: string; name: string | null }>('SELECT uid, name FROM staff ORDER BY uid');
    expect(staff.length).toBeGreaterThanOrEqual(11);
    expect(staff.filter((row) => !row.name)).toEqual([]);
    expect(staff).toEqual(expect.arrayContaining([{ uid: 'demo-priya-shah', name: 'Priya Shah' }]));
    for (const table of ['request_status_events', 'availability_events']) {
      expect(await count('actor_name IS NULL', table), table).toBe(0);
      const [joined] = await fresh.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} e JOIN staff s ON s.uid = e.actor_uid AND s.name = e.actor_name`,
      );
      expect(joined!.n, table).toBe(await count('true', table));
    }
  });
});
