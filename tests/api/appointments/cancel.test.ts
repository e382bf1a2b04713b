// Cancellation by staff (spec sections 4 and 7): scheduled -> cancelled with the whole booking,
// a repeat is a success with no effect, a completed appointment is a 409 carrying it, and the
// patient gets exactly one email per cancellation whatever the retries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeltaPage } from '../../../src/shared/collections';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import { AppointmentSchema } from '../../../src/shared/entities';
import {
  bootPrescriptionApp,
  call,
  currentCursor,
  type ErrorResponse,
  type Row,
  type TestContext,
} from '../prescriptions/fixtures';
import { insertBooking } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await bootPrescriptionApp({ seed: false, config: { pharmacyPhone: '416-555-0100' } });
});
afterAll(async () => ctx?.close());

const cancelPath = (kind: 'vaccine' | 'consultation', id: number) => `/admin/appointments/cancel/${kind}/${id}`;

async function statuses(ids: number[]): Promise<string[]> {
  const rows = await ctx.app.db.query<{ status: string }>(
    'SELECT status FROM appointments WHERE appointment_id = ANY($1::int[]) ORDER BY appointment_id',
    [ids],
  );
  return rows.map((r) => r.status);
}

async function emailsTo(address: string): Promise<{ subject: string; body_text: string }[]> {
  return ctx.app.db.query('SELECT subject, body_text FROM email_outbox WHERE to_address = $1 ORDER BY id', [address]);
}

describe('PUT /admin/appointments/cancel/{vaccine|consultation}/{id}', () => {
  it('cancels a household booking whole, answers the appointment, records who did it and emails once', async () => {
    const booking = await insertBooking(ctx.app, 'vaccine', {
      date: '2027-03-01',
      times: ['11:10:00', '11:30:00'],
      people: 2,
    });
    const [id, sibling] = booking.appointmentIds as [number, number];
    const cursor = await currentCursor(ctx.app);
    const res = await call<Row>(ctx, 'PUT', cancelPath('vaccine', id), {
      body: { vaccine_id: booking.bookingId },
      key: 'cancel-household',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(AppointmentSchema.properties).sort());
    expect(res.body).toMatchObject({ appointment_id: id, status: 'cancelled', vaccine_id: booking.bookingId });
    expect(await statuses([id, sibling])).toEqual(['cancelled', 'cancelled']);

    const events = await ctx.app.db.query<Row>(
      `SELECT record_id, from_status, to_status, actor_uid, idempotency_key FROM request_status_events
        WHERE entity = 'appointments' ORDER BY record_id`,
    );
    expect(events).toEqual(
      [id, sibling].map((recordId) => ({
        record_id: recordId,
        from_status: 'scheduled',
        to_status: 'cancelled',
        actor_uid: ctx.adminUid,
        idempotency_key: 'cancel-household',
      })),
    );

    const [email, ...more] = await emailsTo(booking.email);
    expect(more).toEqual([]);
    expect(email!.subject).toBe(`Your appointment at ${ctx.app.config.pharmacyName} has been cancelled`);
    expect(email!.body_text).toContain('Hello Mira,');
    expect(email!.body_text).toContain('Monday, March 1, 2027 at 11:10 a.m. and on Monday, March 1, 2027 at 11:30 a.m.');
    expect(email!.body_text).toContain('it is cancelled for everyone in it');
    expect(email!.body_text).toContain('To book a new time, please call us at 416-555-0100.');
    // No health details in a mailbox.
    expect(email!.body_text).not.toContain('Influenza');
    expect(email!.body_text).not.toContain('1979');

    // Devices learn of both cancellations.
    const page = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/appointments-bookings?since=${cursor}`);
    expect(page.body.items.map((a) => [a.appointment_id, a.status])).toEqual([
      [id, 'cancelled'],
      [sibling, 'cancelled'],
    ]);
  });

  it('a replayed key or a repeat is a success with no effect: still one email', async () => {
    const booking = await insertBooking(ctx.app, 'consultation', { date: '2027-03-02' });
    const [id] = booking.appointmentIds as [number];
    const body = { consultation_id: booking.bookingId };
    const first = await call<Row>(ctx, 'PUT', cancelPath('consultation', id), { body, key: 'cancel-once' });
    const replay = await call<Row>(ctx, 'PUT', cancelPath('consultation', id), { body, key: 'cancel-once' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const [{ change_no: before }] = (await ctx.app.db.query<{ change_no: number }>(
      'SELECT change_no FROM appointments WHERE appointment_id = $1',
      [id],
    )) as [{ change_no: number }];
    const repeat = await call<Row>(ctx, 'PUT', cancelPath('consultation', id), { body, key: 'cancel-again', base: API_ALIAS_BASE });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ appointment_id: id, status: 'cancelled' });
    const noKey = await call<Row>(ctx, 'PUT', cancelPath('consultation', id), { body });
    expect(noKey.status).toBe(200);
    const [{ change_no: after }] = (await ctx.app.db.query<{ change_no: number }>(
      'SELECT change_no FROM appointments WHERE appointment_id = $1',
      [id],
    )) as [{ change_no: number }];
    expect(after).toBe(before);
    expect(await emailsTo(booking.email)).toHaveLength(1);
  });

  it('one email under 20 concurrent requests with the same key', async () => {
    const booking = await insertBooking(ctx.app, 'vaccine', { date: '2027-03-03' });
    const [id] = booking.appointmentIds as [number];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(ctx, 'PUT', cancelPath('vaccine', id), { body: { vaccine_id: booking.bookingId }, key: 'cancel-race' }),
      ),
    );
    // Either the stored answer or "still running, retry": never a second effect.
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(await emailsTo(booking.email)).toHaveLength(1);
  });

  it('refuses a completed appointment with a 409 carrying it as it is', async () => {
    const booking = await insertBooking(ctx.app, 'vaccine', { date: '2027-03-04', status: 'completed' });
    const [id] = booking.appointmentIds as [number];
    const res = await call<ErrorResponse>(ctx, 'PUT', cancelPath('vaccine', id), { body: { vaccine_id: booking.bookingId } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(res.body.record).toMatchObject({ appointment_id: id, status: 'completed' });
    expect(await statuses([id])).toEqual(['completed']);
    expect(await emailsTo(booking.email)).toEqual([]);
  });

  it('cancels without an email when the booking has no address', async () => {
    const booking = await insertBooking(ctx.app, 'consultation', { date: '2027-03-05', email: null });
    const [id] = booking.appointmentIds as [number];
    const before = await ctx.app.db.query('SELECT id FROM email_outbox ORDER BY id');
    const res = await call<Row>(ctx, 'PUT', cancelPath('consultation', id), { body: { consultation_id: booking.bookingId } });
    expect(res.body).toMatchObject({ status: 'cancelled' });
    expect(await ctx.app.db.query('SELECT id FROM email_outbox ORDER BY id')).toEqual(before);
  });

  it('is 404 for an unknown appointment, the other kind, or a Blocked slot; nothing changes', async () => {
    const vaccine = await insertBooking(ctx.app, 'vaccine', { date: '2027-03-08' });
    const [blocked] = await ctx.app.db.query<{ id: number }>(
      `INSERT INTO appointments (appointment_type, date, start_time) VALUES ('Blocked', '2027-03-08', '12:10')
       RETURNING appointment_id AS id`,
    );
    const cases: [string, object][] = [
      [cancelPath('vaccine', 999999), { vaccine_id: vaccine.bookingId }],
      [cancelPath('vaccine', 99999999999), { vaccine_id: vaccine.bookingId }],
      [cancelPath('consultation', vaccine.appointmentIds[0]!), { consultation_id: vaccine.bookingId }],
      [cancelPath('vaccine', blocked!.id), { vaccine_id: vaccine.bookingId }],
    ];
    for (const [path, body] of cases) {
      const res = await call<ErrorResponse>(ctx, 'PUT', path, { body });
      expect(res.status, path).toBe(404);
    }
    expect(await statuses([vaccine.appointmentIds[0]!, blocked!.id])).toEqual(['scheduled', 'scheduled']);
  });

  it('is 400, naming the field, for a bad id, a missing or wrong booking id; nothing changes', async () => {
    const booking = await insertBooking(ctx.app, 'vaccine', { date: '2027-03-09' });
    const [id] = booking.appointmentIds as [number];
    // No body at all: the whole body is wrong (named as such until the error handler names its field).
    const cases: [string, unknown, RegExp][] = [
      [cancelPath('vaccine', id), undefined, /vaccine_id|body/],
      [cancelPath('vaccine', id), { vaccine_id: 'x' }, /vaccine_id/],
      [cancelPath('vaccine', id), { consultation_id: booking.bookingId }, /vaccine_id/],
      [cancelPath('vaccine', id), { vaccine_id: booking.bookingId + 1000 }, /vaccine_id/],
      [`/admin/appointments/cancel/vaccine/0`, { vaccine_id: booking.bookingId }, /\bid\b/],
    ];
    for (const [path, body, field] of cases) {
      const res = await call<ErrorResponse>(ctx, 'PUT', path, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(field);
    }
    expect(await statuses([id])).toEqual(['scheduled']);
  });
});
