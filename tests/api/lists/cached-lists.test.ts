// The lists added to the device cache beside the prescription lists: appointments (with their
// booking's person, details and members), patients and inquiries. Whole list and delta pages.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, type DeltaPage } from '../../../src/shared/collections';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import { AppointmentSchema, InquirySchema, UserSchema } from '../../../src/shared/entities';
import { bootPrescriptionApp, call, type Row, type TestContext } from '../prescriptions/fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await bootPrescriptionApp();
});
afterAll(async () => ctx?.close());

const LISTS = [
  ['appointments', AppointmentSchema],
  ['users', UserSchema],
  ['inquiries', InquirySchema],
] as const;

async function cursorOf(path: string): Promise<string> {
  let cursor = '0';
  for (;;) {
    const res = await call<DeltaPage<Row>>(ctx, 'GET', `${path}?since=${cursor}`);
    cursor = res.body.cursor;
    if (!res.body.more) return cursor;
  }
}

describe('GET of the appointment, patient and inquiry lists', () => {
  it.each(LISTS)('%s: a bare array of the seeded rows, with the spec fields only, under both prefixes', async (name, schema) => {
    const { path, key } = COLLECTIONS[name];
    const res = await call<Row[]>(ctx, 'GET', path);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    for (const row of res.body) expect(Object.keys(row).sort()).toEqual(Object.keys(schema.properties).sort());
    const alias = await call<Row[]>(ctx, 'GET', path, { base: API_ALIAS_BASE });
    expect(alias.body.map((row) => row[key])).toEqual(res.body.map((row) => row[key]));
  });

  it('answers the inquiry list with the trailing slash the spec writes', async () => {
    const res = await call<Row[]>(ctx, 'GET', '/admin/inquiries/');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('gives each appointment its booking: person, details and members in booking order', async () => {
    const { body } = await call<Row[]>(ctx, 'GET', '/admin/appointments-bookings');
    const group = body.find((a) => a.appointment_type === 'Vaccine' && (a.number_of_people as number) > 1);
    expect(group).toBeDefined();
    const [booking] = await ctx.app.db.query<Row>(
      `SELECT first_name, vaccine_type, number_of_people FROM vaccine_bookings WHERE vaccine_id = $1`,
      [group!.vaccine_id],
    );
    expect(group).toMatchObject({
      first_name: booking!.first_name,
      vaccine: booking!.vaccine_type,
      consultation: null,
      number_of_people: booking!.number_of_people,
    });
    const members = group!.members as Row[];
    expect(members).toHaveLength(booking!.number_of_people as number);
    expect(members[0]).toMatchObject({ vaccination_booking_id: group!.vaccine_id, first_name: booking!.first_name });
    expect(String(members[0]!.date_of_birth)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const blocked = body.find((a) => a.appointment_type === 'Blocked');
    expect(blocked).toMatchObject({ first_name: null, vaccine_id: null, consultation_id: null, members: [] });
    const consultation = body.find((a) => a.appointment_type === 'Consultation');
    expect(consultation).toMatchObject({ vaccine: null, number_of_people: 1, members: [] });
    expect(typeof consultation!.consultation).toBe('string');
    expect(String(consultation!.date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(consultation!.start_time)).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});

describe('delta sync of the appointment list', () => {
  it('sends an appointment again when its booking or a member changes, and a deletion as a tombstone', async () => {
    const path = COLLECTIONS.appointments.path;
    const { body } = await call<Row[]>(ctx, 'GET', path);
    const vaccine = body.find((a) => a.appointment_type === 'Vaccine')!;
    const consultation = body.find((a) => a.appointment_type === 'Consultation')!;
    const blocked = body.find((a) => a.appointment_type === 'Blocked')!;

    let cursor = await cursorOf(path);
    await ctx.app.db.query(`UPDATE vaccination_booking_members SET city = 'Kingston' WHERE vaccination_booking_id = $1`, [
      vaccine.vaccine_id,
    ]);
    let page = await call<DeltaPage<Row>>(ctx, 'GET', `${path}?since=${cursor}`);
    expect(page.body.items.map((a) => a.appointment_id)).toContain(vaccine.appointment_id);
    const changed = page.body.items.find((a) => a.appointment_id === vaccine.appointment_id)!;
    expect((changed.members as Row[]).every((m) => m.city === 'Kingston')).toBe(true);

    cursor = page.body.cursor;
    await ctx.app.db.query(`UPDATE consultation_bookings SET phone_number = '416-555-0199' WHERE consultation_id = $1`, [
      consultation.consultation_id,
    ]);
    await ctx.app.db.query(`DELETE FROM appointments WHERE appointment_id = $1`, [blocked.appointment_id]);
    page = await call<DeltaPage<Row>>(ctx, 'GET', `${path}?since=${cursor}`);
    expect(page.body.items.find((a) => a.appointment_id === consultation.appointment_id)).toMatchObject({
      phone_number: '416-555-0199',
    });
    expect(page.body.deleted).toEqual([blocked.appointment_id]);
    expect(page.body.more).toBe(false);
  });

  it.each(['users', 'inquiries'] as const)('%s: a changed row comes in the next delta page', async (name) => {
    const { path, key } = COLLECTIONS[name];
    const { body } = await call<Row[]>(ctx, 'GET', path);
    const first = body[0]!;
    const cursor = await cursorOf(path);
    const table = name;
    await ctx.app.db.query(`UPDATE ${table} SET first_name = 'Changed' WHERE ${key} = $1`, [first[key]]);
    const page = await call<DeltaPage<Row>>(ctx, 'GET', `${path}?since=${cursor}`);
    expect(page.body.items).toEqual([{ ...first, first_name: 'Changed' }]);
  });

  it('at the newest cursor: nothing new, asked of the database only where it must be; each write shows in the next page at once', async () => {
    const { path, key } = COLLECTIONS.users;
    let cursor = await cursorOf(path);
    const { body } = await call<Row[]>(ctx, 'GET', path);
    const statements = vi.spyOn(ctx.app.db, 'query');
    try {
      const page = await call<DeltaPage<Row>>(ctx, 'GET', `${path}?since=${cursor}`);
      expect(page.body).toEqual({ items: [], deleted: [], cursor, more: false });
      const changeReads = statements.mock.calls.filter(([text]) => text.includes('change_no'));
      // The embedded database tells the change feed of every write before the write returns.
      expect(changeReads.length).toBe(ctx.app.db.hearsEveryWrite ? 0 : 1);
    } finally {
      statements.mockRestore();
    }
    for (const [i, row] of body.slice(0, 5).entries()) {
      await ctx.app.db.query(`UPDATE users SET last_name = $2 WHERE ${key} = $1`, [row[key], `Newer ${i}`]);
      const page = await call<DeltaPage<Row>>(ctx, 'GET', `${path}?since=${cursor}`);
      expect(page.body.items).toEqual([{ ...row, last_name: `Newer ${i}` }]);
      expect(Number(page.body.cursor)).toBeGreaterThan(Number(cursor));
      cursor = page.body.cursor;
    }
  });

  it('refuses a bad cursor with a 400 naming since', async () => {
    const res = await call<{ error: { message: string } }>(ctx, 'GET', '/admin/users?since=x');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('since');
  });
});
