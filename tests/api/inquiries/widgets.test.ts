// GET /admin/prescriptions-widget and GET /admin/appointments-widget: the spec's fields (section
// 3), and counts that equal the data (section 9), on the demo data of a fixed "now".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import {
  countActive,
  type AppointmentWidgetItem,
  type PrescriptionWidgetItem,
} from '../../../src/shared/inquiry-api';
import { localDate, localMinutes, clockTime } from '../../../src/shared/time';
import { call } from '../prescriptions/fixtures';
import { bootInquiryApp, type InquiryContext } from './fixtures';

let ctx: InquiryContext;
beforeAll(async () => {
  ctx = await bootInquiryApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await ctx.app.db.query<{ n: number }>(sql, params);
  return row!.n;
}

describe('GET /admin/prescriptions-widget', () => {
  it('lists the active refill-type requests with the spec fields, newest first, under both prefixes', async () => {
    const expected =
      (await count("SELECT count(*)::int AS n FROM refill_requests WHERE status = 'active'")) +
      (await count("SELECT count(*)::int AS n FROM autofill_enrolments WHERE status = 'active'")) +
      (await count("SELECT count(*)::int AS n FROM refill_reminder_enrolments WHERE status = 'active'"));
    expect(expected).toBeGreaterThan(0);
    for (const base of [undefined, API_ALIAS_BASE]) {
      const res = await call<PrescriptionWidgetItem[]>(ctx, 'GET', '/admin/prescriptions-widget', { base });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toHaveLength(expected);
      expect(countActive(res.body)).toBe(expected);
      for (const item of res.body) {
        expect(Object.keys(item).sort()).toEqual(['collection', 'created_at', 'id', 'rx_number', 'service', 'status', 'type']);
      }
      const times = res.body.map((item) => Date.parse(item.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(res.body.map((item) => item.collection))).toEqual(new Set(['refills', 'autofill', 'reminders']));
    }
  });

  it('each item names its record: the same rx_number and status in its list', async () => {
    const { body } = await call<PrescriptionWidgetItem[]>(ctx, 'GET', '/admin/prescriptions-widget');
    const lists = {
      refills: (await call<{ id: number; rx_number: string; type: string }[]>(ctx, 'GET', '/admin/refills-and-renewals')).body.map(
        (r) => ({ key: r.id, rx: r.rx_number, type: r.type }),
      ),
      autofill: (await call<{ refillId: number; rx_number: string }[]>(ctx, 'GET', '/admin/autofill')).body.map((r) => ({
        key: r.refillId,
        rx: r.rx_number,
        type: 'Autofill',
      })),
      reminders: (await call<{ id: number; rx_number: string }[]>(ctx, 'GET', '/admin/refill-reminders')).body.map((r) => ({
        key: r.id,
        rx: r.rx_number,
        type: 'Refill Reminder',
      })),
    };
    const services = { refills: 'Refills and Renewals', autofill: 'Autofill', reminders: 'Refill Reminders' };
    for (const item of body) {
      const record = lists[item.collection].find((r) => r.key === item.id);
      expect(record, `${item.collection} ${item.id}`).toBeDefined();
      expect(item).toMatchObject({ rx_number: record!.rx, type: record!.type, service: services[item.collection], status: 'active' });
    }
  });
});

describe('GET /admin/appointments-widget', () => {
  it('lists the upcoming scheduled Vaccine and Consultation appointments, soonest first, HH:MM', async () => {
    const zone = ctx.app.config.timeZone;
    const upcoming = async () => {
      const now = new Date();
      const today = localDate(now, zone);
      const time = clockTime(localMinutes(now, zone));
      const n = await count(
        `SELECT count(*)::int AS n FROM appointments
          WHERE status = 'scheduled' AND appointment_type <> 'Blocked'
            AND (date > $1::date OR (date = $1::date AND start_time >= $2::time))`,
        [today, time],
      );
      return { n, today, time };
    };
    const before = await upcoming();
    expect(before.n).toBeGreaterThan(0);
    // The demo data also holds what must be left out.
    expect(await count("SELECT count(*)::int AS n FROM appointments WHERE appointment_type = 'Blocked'")).toBeGreaterThan(0);
    expect(await count("SELECT count(*)::int AS n FROM appointments WHERE status = 'cancelled'")).toBeGreaterThan(0);

    const res = await call<AppointmentWidgetItem[]>(ctx, 'GET', '/admin/appointments-widget');
    expect(res.status).toBe(200);
    // A slot may start between the two counts (the minute turned): the answer lies between them.
    const after = await upcoming();
    expect(res.body.length).toBeLessThanOrEqual(before.n);
    expect(res.body.length).toBeGreaterThanOrEqual(after.n);
    const { today, time } = before;
    const list = (await call<{ appointment_id: number; appointment_type: string; status: string; date: string; start_time: string }[]>(
      ctx,
      'GET',
      '/admin/appointments-bookings',
    )).body;
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(['appointment_type', 'date', 'id', 'start_time']);
      expect(item.start_time).toMatch(/^\d{2}:\d{2}$/);
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(`${item.date} ${item.start_time}`>= `${today} ${time.slice(0, 5)}`).toBe(true);
      const appointment = list.find((a) => a.appointment_id === item.id)!;
      expect(appointment).toMatchObject({ status: 'scheduled', appointment_type: item.appointment_type, date: item.date });
      expect(appointment.start_time.slice(0, 5)).toBe(item.start_time);
      expect(item.appointment_type).not.toBe('Blocked');
    }
    const order = res.body.map((item) => `${item.date} ${item.start_time}`);
    expect(order).toEqual([...order].sort());
  });

  it('drops an appointment once it is cancelled', async () => {
    const { body } = await call<AppointmentWidgetItem[]>(ctx, 'GET', '/admin/appointments-widget');
    const first = body[0]!;
    await ctx.app.db.transaction((tx) =>
      tx.query("UPDATE appointments SET status = 'cancelled' WHERE appointment_id = $1", [first.id]),
    );
    const after = await call<AppointmentWidgetItem[]>(ctx, 'GET', '/admin/appointments-widget');
    expect(after.body).toHaveLength(body.length - 1);
    expect(after.body.some((item) => item.id === first.id)).toBe(false);
  });
});
