// The appointment reads of spec section 7: the calendar's list, the modal info and a vaccine
// booking's members, with the spec's field names, 404s and 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentSlotSchema, ModalInfoSchema } from '../../../src/shared/appointment-api';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import { VaccinationMemberSchema } from '../../../src/shared/entities';
import { bootPrescriptionApp, call, type ErrorResponse, type Row, type TestContext } from '../prescriptions/fixtures';
import { insertBooking } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await bootPrescriptionApp();
});
afterAll(async () => ctx?.close());

const fields = (schema: { properties: object }) => Object.keys(schema.properties).sort();

describe('GET /admin/appointments', () => {
  it('lists every appointment that holds its slot, with the four spec fields, under both prefixes', async () => {
    const res = await call<Row[]>(ctx, 'GET', '/admin/appointments');
    expect(res.status).toBe(200);
    const rows = await ctx.app.db.query<{ appointment_id: number }>(
      `SELECT appointment_id FROM appointments WHERE status <> 'cancelled' ORDER BY date, start_time, appointment_id`,
    );
    expect(res.body.map((a) => a.appointment_id)).toEqual(rows.map((r) => r.appointment_id));
    expect(res.body.length).toBeGreaterThan(20);
    for (const row of res.body) expect(Object.keys(row).sort()).toEqual(fields(AppointmentSlotSchema));
    expect(new Set(res.body.map((a) => a.appointment_type))).toEqual(new Set(['Vaccine', 'Consultation', 'Blocked']));
    const sample = res.body[0]!;
    expect(sample.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sample.start_time).toMatch(/^\d{2}:\d{2}:00$/);
    const alias = await call<Row[]>(ctx, 'GET', '/admin/appointments', { base: API_ALIAS_BASE });
    expect(alias.body).toEqual(res.body);
  });
});

describe('GET /admin/appointments/modal-info/{appointmentId}/{type}', () => {
  it('answers an array of one with the modal fields of a household vaccine booking', async () => {
    const booking = await insertBooking(ctx.app, 'vaccine', { date: '2027-06-02', people: 3 });
    const [id] = booking.appointmentIds;
    for (const type of ['vaccine', 'Vaccine']) {
      const res = await call<Row[]>(ctx, 'GET', `/admin/appointments/modal-info/${id}/${type}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(Object.keys(res.body[0]!).sort()).toEqual(fields(ModalInfoSchema));
      expect(res.body[0]).toMatchObject({
        vaccine_type: 'Influenza (flu)',
        consultation_type: null,
        first_name: 'Mira',
        phone_number: '(416) 555-0142',
        email: booking.email,
        date_of_birth: '1979-04-18',
        address: '12 Elm St',
        city: 'Toronto',
        province: 'ON',
        number_of_people: 3,
        vaccine_id: booking.bookingId,
      });
    }
  });

  it('gives a consultation its reason and no vaccine', async () => {
    const { appointmentIds } = await insertBooking(ctx.app, 'consultation', { date: '2027-06-03' });
    const res = await call<Row[]>(ctx, 'GET', `/admin/appointments/modal-info/${appointmentIds[0]}/consultation`);
    expect(res.body[0]).toMatchObject({
      vaccine_type: null,
      consultation_type: 'Medication review',
      first_name: 'Tomas',
      number_of_people: 1,
      vaccine_id: null,
    });
  });

  it('is 404 for an unknown appointment, the wrong type, and a Blocked slot', async () => {
    const { appointmentIds } = await insertBooking(ctx.app, 'consultation', { date: '2027-06-04' });
    const [blocked] = await ctx.app.db.query<{ id: number }>(
      `SELECT appointment_id AS id FROM appointments WHERE appointment_type = 'Blocked' LIMIT 1`,
    );
    for (const path of [
      '/admin/appointments/modal-info/999999/vaccine',
      '/admin/appointments/modal-info/99999999999/vaccine',
      `/admin/appointments/modal-info/${appointmentIds[0]}/vaccine`,
      `/admin/appointments/modal-info/${blocked!.id}/consultation`,
    ]) {
      const res = await call<ErrorResponse>(ctx, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('is 400, naming the field, for a malformed id or an unknown type', async () => {
    const badId = await call<ErrorResponse>(ctx, 'GET', '/admin/appointments/modal-info/abc/vaccine');
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toContain('appointmentId');
    const badType = await call<ErrorResponse>(ctx, 'GET', '/admin/appointments/modal-info/1/Blocked');
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toContain('type');
  });
});

describe('GET /admin/vaccination-members/{vaccine_id}', () => {
  it('lists everyone in the booking, the booker first, with the spec fields', async () => {
    const booking = await insertBooking(ctx.app, 'vaccine', { date: '2027-06-05', people: 4 });
    const res = await call<Row[]>(ctx, 'GET', `/admin/vaccination-members/${booking.bookingId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.first_name)).toEqual(['Mira', 'Member2', 'Member3', 'Member4']);
    for (const member of res.body) {
      expect(Object.keys(member).sort()).toEqual(fields(VaccinationMemberSchema));
      expect(member).toMatchObject({ vaccination_booking_id: booking.bookingId, city: 'Toronto', province: 'ON' });
    }
    expect(res.body[1]!.date_of_birth).toBe('2012-01-02');
  });

  it('answers [] for a booking without members, 404 for an unknown one and 400 for a bad id', async () => {
    const booking = await insertBooking(ctx.app, 'vaccine', { date: '2027-06-06', people: 0 });
    expect((await call(ctx, 'GET', `/admin/vaccination-members/${booking.bookingId}`)).body).toEqual([]);
    expect((await call(ctx, 'GET', '/admin/vaccination-members/999999')).status).toBe(404);
    const bad = await call<ErrorResponse>(ctx, 'GET', '/admin/vaccination-members/-1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('vaccine_id');
  });
});
