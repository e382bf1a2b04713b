// What leaves the server (issue 18 §3): Notify, a reply and a cancellation for a record whose email
// is not exactly one address answer 422 naming the field, change nothing and queue no email,
// under a replayed Idempotency-Key too. A value with no address at all keeps each action's own
// behaviour (Notify 409 no_email, a reply or a cancellation that emails nobody).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyResponse } from '../../../src/shared/inquiry-api';
import type { NotifyResponse } from '../../../src/shared/prescription-api';
import { insertBooking } from '../appointments/fixtures';
import { insertInquiry, insertUser } from '../inquiries/fixtures';
import { bootPrescriptionApp, call, insertTransfer, unique, type ErrorResponse, type Row, type TestContext } from '../prescriptions/fixtures';

/** The two forms, and the other ways a stored value can smuggle a second recipient. */
const MALICIOUS = [
  'v1@a.test, v2@b.test',
  'a@b.test\r\nBcc: x@evil.test',
  'a@b.test\nBcc: x@evil.test',
  'v1@a.test;v2@b.test',
  'Eve <eve@evil.test>',
  '"Pharmacy" <x@evil.test>',
  'a@b.test\u0085Bcc: x@evil.test',
  'a@b.test\tx@evil.test',
];

const NOTIFY = '/admin/prescription-request-notify/transfer';
const INVALID = { code: 'invalid_email', message: 'email is not a single valid address.' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await bootPrescriptionApp({ seed: false });
});
afterAll(async () => ctx?.close());

async function outboxCount(): Promise<number> {
  const [row] = await ctx.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
  return row!.n;
}

/** Calls `url` twice under one key: the refusal, then its stored replay; no email either time. */
async function refusedTwice(url: string, body: unknown): Promise<ErrorResponse> {
  const before = await outboxCount();
  const key = unique('key');
  const first = await call<ErrorResponse>(ctx, 'PUT', url, { body, key });
  expect(first.status).toBe(422);
  const replay = await call<ErrorResponse>(ctx, 'PUT', url, { body, key });
  expect(replay.status).toBe(422);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body).toEqual(first.body);
  expect(await outboxCount()).toBe(before);
  return first.body;
}

let day = 0;
/** A new weekday far from the demo data for each booking. */
function nextDate(): string {
  day += 1;
  const date = new Date(Date.UTC(2028, 0, 3) + Math.floor((day - 1) / 5) * 7 * 86_400_000 + ((day - 1) % 5) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

describe.each(MALICIOUS)('a stored email of %j', (email) => {
  it('Notify: 422 naming the field, nothing queued', async () => {
    const id = await insertTransfer(ctx.app, { status: 'completed', email });
    const body = await refusedTwice(NOTIFY, { transfer_id: id });
    expect(body).toEqual({ error: INVALID });
  });

  it("reply: 422 naming the field, the inquiry not replied, nothing queued", async () => {
    const id = await insertInquiry(ctx.app, { email });
    const body = await refusedTwice(`/admin/messages/${id}/reply`, { reply: 'We have it in stock.' });
    expect(body).toEqual({ error: INVALID });
    const [inquiry] = await ctx.app.db.query<Row>('SELECT replied, reply, resolved FROM inquiries WHERE message_id = $1', [id]);
    expect(inquiry).toEqual({ replied: false, reply: null, resolved: false });
    const events = await ctx.app.db.query("SELECT 1 FROM request_status_events WHERE entity = 'inquiries' AND record_id = $1", [id]);
    expect(events).toEqual([]);
  });

  it("reply to a patient's inquiry that goes to the account's address: 422 naming it", async () => {
    const userId = await insertUser(ctx.app, { email });
    const id = await insertInquiry(ctx.app, { user_id: userId, email: null });
    const body = await refusedTwice(`/admin/messages/${id}/reply`, { reply: 'Ready Friday.' });
    expect(body).toEqual({ error: { code: 'invalid_email', message: "The account's email is not a single valid address." } });
  });

  it.each(['vaccine', 'consultation'] as const)('%s cancellation: 422 naming the field, still scheduled, nothing queued', async (kind) => {
    const booking = await insertBooking(ctx.app, kind, { date: nextDate(), email });
    const [appointmentId] = booking.appointmentIds as [number];
    const key = kind === 'vaccine' ? 'vaccine_id' : 'consultation_id';
    const body = await refusedTwice(`/admin/appointments/cancel/${kind}/${appointmentId}`, { [key]: booking.bookingId });
    expect(body).toEqual({ error: INVALID });
    const [row] = await ctx.app.db.query<{ status: string }>('SELECT status FROM appointments WHERE appointment_id = $1', [appointmentId]);
    expect(row!.status).toBe('scheduled');
  });
});

describe('an email field with no address in it', () => {
  it('Notify: 409 no_email, as for an empty field', async () => {
    const id = await insertTransfer(ctx.app, { status: 'completed', email: 'call me at 416-555-0199' });
    const res = await call<ErrorResponse>(ctx, 'PUT', NOTIFY, { body: { transfer_id: id } });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'no_email', message: 'This patient has no email address on file.' });
  });

  it('a cancellation: cancelled, no email', async () => {
    const before = await outboxCount();
    const booking = await insertBooking(ctx.app, 'consultation', { date: nextDate(), email: 'no email, phone only' });
    const [appointmentId] = booking.appointmentIds as [number];
    const res = await call<Row>(ctx, 'PUT', `/admin/appointments/cancel/consultation/${appointmentId}`, {
      body: { consultation_id: booking.bookingId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled' });
    expect(await outboxCount()).toBe(before);
  });

  it('a reply: stored, emailed: false', async () => {
    const id = await insertInquiry(ctx.app, { email: 'phone only please' });
    const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { body: { reply: 'Called you.' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ emailed: false, record: { replied: true } });
  });
});

describe('a good address', () => {
  it('is queued as the one address, without the spaces around it', async () => {
    const address = `${unique('ada')}@patients.test`;
    const id = await insertTransfer(ctx.app, { status: 'completed', email: `  ${address} ` });
    const res = await call<NotifyResponse>(ctx, 'PUT', NOTIFY, { body: { transfer_id: id } });
    expect(res.status).toBe(200);
    const rows = await ctx.app.db.query<{ to_address: string }>('SELECT to_address FROM email_outbox WHERE to_address LIKE $1', [
      `%${address}%`,
    ]);
    expect(rows).toEqual([{ to_address: address }]);
  });
});
