// Blocking and unblocking availability (spec sections 4, 5, 7): slots inside opening hours, the
// overlap rule on both edges of a 20-minute slot, multi-day and daylight-saving ranges, one
// winner among concurrent overlapping blocks, and the 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_OVERLAP_MESSAGE } from '../../../src/server/routes/admin/actions/availability-effects';
import type { DeltaPage } from '../../../src/shared/collections';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import { SLOT_TIMES } from '../../../src/shared/appointment-slots';
import { bootPrescriptionApp, call, currentCursor, type ErrorResponse, type Row, type TestContext } from '../prescriptions/fixtures';
import { blockedTimes, insertBooking, rangeBody } from './fixtures';

let ctx: TestContext;
let zone: string;

beforeAll(async () => {
  ctx = await bootPrescriptionApp({ seed: false });
  zone = ctx.app.config.timeZone;
});
afterAll(async () => ctx?.close());

const BLOCK = '/admin/appointments/block-range';
const UNBLOCK = '/admin/appointments/unblock-range';

/** A wall-clock range on one pharmacy day. */
const day = (date: string, from: string, until: string) => rangeBody(zone, { date, time: from }, { date, time: until });

describe('POST /admin/appointments/block-range', () => {
  it('blocks every 20-minute slot of the range as a Blocked appointment, in pharmacy time', async () => {
    const res = await call<Row>(ctx, 'POST', BLOCK, { body: day('2027-01-12', '11:10', '12:10') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ blocked: 3 });
    expect(await blockedTimes(ctx.app, '2027-01-12')).toEqual(['11:10:00', '11:30:00', '11:50:00']);
    const [event] = await ctx.app.db.query<Row>(
      `SELECT action, slots, actor_uid FROM availability_events ORDER BY event_id DESC LIMIT 1`,
    );
    expect(event).toEqual({ action: 'block', slots: 3, actor_uid: ctx.adminUid });
  });

  it('answers under /api too, and accepts the time parts with or without seconds and Z', async () => {
    const body = { startDate: '2027-01-13', startTime: '16:10', endDate: '2027-01-13', endTime: '16:50:00.000Z' };
    const res = await call<Row>(ctx, 'POST', BLOCK, { body, base: API_ALIAS_BASE });
    expect(res.status).toBe(200);
    // 16:10 UTC in January is 11:10 in Toronto.
    expect(await blockedTimes(ctx.app, '2027-01-13')).toEqual(['11:10:00', '11:30:00']);
  });

  it('keeps only the slots inside opening hours, every day of a multi-day range', async () => {
    const body = rangeBody(zone, { date: '2027-02-01', time: '00:00' }, { date: '2027-02-04', time: '00:00' });
    const res = await call<Row>(ctx, 'POST', BLOCK, { body });
    expect(res.body).toEqual({ blocked: 3 * SLOT_TIMES.length });
    for (const date of ['2027-02-01', '2027-02-02', '2027-02-03']) {
      expect(await blockedTimes(ctx.app, date)).toEqual(SLOT_TIMES);
    }
    expect(SLOT_TIMES[0]).toBe('10:50:00');
    expect(SLOT_TIMES.at(-1)).toBe('18:10:00');
    expect(await blockedTimes(ctx.app, '2027-02-04')).toEqual([]);
  });

  it('lands on the wall-clock slots on the days daylight saving time starts and ends', async () => {
    // Toronto: 2027-03-14 02:00 EST -> 03:00 EDT; 2027-11-07 02:00 EDT -> 01:00 EST.
    const spring = { startDate: '2027-03-14', startTime: '15:10:00.000Z', endDate: '2027-03-14', endTime: '15:50:00.000Z' };
    expect((await call<Row>(ctx, 'POST', BLOCK, { body: spring })).status).toBe(200);
    expect(await blockedTimes(ctx.app, '2027-03-14')).toEqual(['11:10:00', '11:30:00']);
    const autumn = { startDate: '2027-11-07', startTime: '16:10:00.000Z', endDate: '2027-11-07', endTime: '16:50:00.000Z' };
    expect((await call<Row>(ctx, 'POST', BLOCK, { body: autumn })).status).toBe(200);
    expect(await blockedTimes(ctx.app, '2027-11-07')).toEqual(['11:10:00', '11:30:00']);
    // A range across the change: whole days on both sides.
    const across = rangeBody(zone, { date: '2027-03-13', time: '10:50' }, { date: '2027-03-16', time: '00:00' });
    expect((await call<Row>(ctx, 'POST', UNBLOCK, { body: across })).body).toEqual({ unblocked: 2 });
    expect((await call<Row>(ctx, 'POST', BLOCK, { body: across })).body).toEqual({ blocked: 3 * SLOT_TIMES.length });
    expect(await blockedTimes(ctx.app, '2027-03-14')).toEqual(SLOT_TIMES);
  });

  it('is refused, with the spec text and nothing written, over a booked appointment on both edges', async () => {
    const date = '2027-01-20';
    await insertBooking(ctx.app, 'consultation', { date, times: ['13:10:00'] });
    const refused = async (from: string, until: string) => {
      const res = await call<ErrorResponse>(ctx, 'POST', BLOCK, { body: day(date, from, until) });
      return res.status === 409 && res.body.error.message === BLOCK_OVERLAP_MESSAGE;
    };
    // The appointment holds 13:10 to 13:30.
    expect(await refused('12:30', '13:11')).toBe(true);
    expect(await refused('13:29', '14:10')).toBe(true);
    expect(await refused('13:10', '13:30')).toBe(true);
    expect(await blockedTimes(ctx.app, date)).toEqual([]);
    expect(await refused('12:30', '13:10')).toBe(false);
    expect(await refused('13:30', '14:10')).toBe(false);
    expect(await blockedTimes(ctx.app, date)).toEqual(['12:30:00', '12:50:00', '13:30:00', '13:50:00']);
  });

  it('is refused over an already blocked slot, but not over a cancelled appointment', async () => {
    const date = '2027-01-21';
    await insertBooking(ctx.app, 'vaccine', { date, times: ['15:10:00'], status: 'cancelled' });
    expect((await call(ctx, 'POST', BLOCK, { body: day(date, '15:10', '15:30') })).status).toBe(200);
    const again = await call<ErrorResponse>(ctx, 'POST', BLOCK, { body: day(date, '14:50', '15:50') });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'slot_taken', message: BLOCK_OVERLAP_MESSAGE });
    expect(await blockedTimes(ctx.app, date)).toEqual(['15:10:00']);
  });

  it('gives exactly one success to 50 concurrent overlapping blocks, and no duplicate slot', async () => {
    const date = '2027-01-26';
    const requests = Array.from({ length: 50 }, (_, i) =>
      call<Row>(ctx, 'POST', BLOCK, {
        // Overlapping ranges: each starts 0-2 slots in and covers 3 slots.
        body: day(date, SLOT_TIMES[5 + (i % 3)]!, SLOT_TIMES[8 + (i % 3)]!),
        key: i % 2 === 0 ? `concurrent-${i}` : undefined,
        token: i % 4 === 1 ? ctx.tokens.otherAdmin : undefined,
      }),
    );
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    const times = await blockedTimes(ctx.app, date);
    expect(times).toHaveLength(3);
    expect(new Set(times).size).toBe(3);
  });

  it('replays a stored answer for a repeated Idempotency-Key without blocking twice', async () => {
    const body = day('2027-01-27', '11:10', '11:30');
    const first = await call<Row>(ctx, 'POST', BLOCK, { body, key: 'block-once' });
    const second = await call<Row>(ctx, 'POST', BLOCK, { body, key: 'block-once' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await blockedTimes(ctx.app, '2027-01-27')).toEqual(['11:10:00']);
  });

  it.each([
    ['a missing part', { startDate: '2027-01-28', startTime: '16:10', endDate: '2027-01-28' }, 'endTime'],
    ['an end before the start', { startDate: '2027-01-28', startTime: '17:10', endDate: '2027-01-28', endTime: '16:10' }, 'after its start'],
    ['an end equal to the start', { startDate: '2027-01-28', startTime: '16:10', endDate: '2027-01-28', endTime: '16:10' }, 'after its start'],
    ['a range over 31 days', { startDate: '2027-01-01', startTime: '16:00', endDate: '2027-02-01', endTime: '16:01' }, '31 days'],
    ['a date that does not exist', { startDate: '2027-02-30', startTime: '16:10', endDate: '2027-03-01', endTime: '16:10' }, 'startDate'],
    ['a malformed date', { startDate: '28/01/2027', startTime: '16:10', endDate: '2027-01-28', endTime: '17:10' }, 'startDate'],
    ['a malformed time', { startDate: '2027-01-28', startTime: '25:10', endDate: '2027-01-28', endTime: '17:10' }, 'startTime'],
    ['a range outside opening hours', { startDate: '2027-01-28', startTime: '00:00', endDate: '2027-01-28', endTime: '15:00' }, '10:50 to 18:30'],
  ])('refuses %s with a 400 naming it, writing nothing', async (_label, body, words) => {
    const before = await ctx.app.db.query('SELECT appointment_id FROM appointments');
    for (const path of [BLOCK, UNBLOCK]) {
      const res = await call<ErrorResponse>(ctx, 'POST', path, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(words);
    }
    expect(await ctx.app.db.query('SELECT appointment_id FROM appointments')).toEqual(before);
  });

  it('allows exactly 31 days', async () => {
    const body = rangeBody(zone, { date: '2027-05-01', time: '00:00' }, { date: '2027-06-01', time: '00:00' });
    const res = await call<Row>(ctx, 'POST', BLOCK, { body });
    expect(res.body).toEqual({ blocked: 31 * SLOT_TIMES.length });
  });
});

describe('POST /admin/appointments/unblock-range', () => {
  it('removes the blocked slots inside the range, says how many, and devices see them deleted', async () => {
    const date = '2027-04-06';
    await call(ctx, 'POST', BLOCK, { body: day(date, '11:10', '12:30') });
    const booked = await insertBooking(ctx.app, 'vaccine', { date, times: ['12:30:00'] });
    const ids = await ctx.app.db.query<{ appointment_id: number }>(
      `SELECT appointment_id FROM appointments WHERE appointment_type = 'Blocked' AND date = $1 AND start_time < '11:50'`,
      [date],
    );
    const cursor = await currentCursor(ctx.app);

    const res = await call<Row>(ctx, 'POST', UNBLOCK, { body: day(date, '10:50', '11:50') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unblocked: 2 });
    expect(await blockedTimes(ctx.app, date)).toEqual(['11:50:00', '12:10:00']);
    // A booked appointment in the range is not touched.
    const wide = await call<Row>(ctx, 'POST', UNBLOCK, { body: day(date, '12:10', '13:10') });
    expect(wide.body).toEqual({ unblocked: 1 });
    const [still] = await ctx.app.db.query<Row>('SELECT status FROM appointments WHERE appointment_id = $1', [
      booked.appointmentIds[0],
    ]);
    expect(still).toEqual({ status: 'scheduled' });

    const page = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/appointments-bookings?since=${cursor}`);
    expect(page.body.deleted).toEqual(expect.arrayContaining(ids.map((r) => r.appointment_id)));
    const events = await ctx.app.db.query<Row>(
      `SELECT action, slots FROM availability_events WHERE action = 'unblock' ORDER BY event_id DESC LIMIT 2`,
    );
    expect(events).toEqual([
      { action: 'unblock', slots: 1 },
      { action: 'unblock', slots: 2 },
    ]);
  });

  it('answers 0 when the range holds no blocked slot', async () => {
    const res = await call<Row>(ctx, 'POST', UNBLOCK, { body: day('2027-04-07', '11:10', '12:10') });
    expect(res).toMatchObject({ status: 200, body: { unblocked: 0 } });
  });
});
