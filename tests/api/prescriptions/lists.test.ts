// The five prescription lists: spec fields only, newest first, and delta sync after a cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  PRESCRIPTION_COLLECTION_NAMES,
  type DeltaPage,
  type PrescriptionCollectionName as CollectionName,
} from '../../../src/shared/collections';
import { API_ALIAS_BASE, SYNC_PAGE_LIMIT } from '../../../src/shared/constants';
import {
  AutofillEnrolmentSchema,
  NewPrescriptionSchema,
  RefillReminderSchema,
  RefillRequestSchema,
  TransferSchema,
} from '../../../src/shared/entities';
import {
  bootPrescriptionApp,
  call,
  currentCursor,
  insertNewPrescription,
  insertRx,
  insertTransfer,
  type TestContext,
} from './fixtures';

type Row = Record<string, unknown>;

const FIELDS: Record<CollectionName, string[]> = {
  transfers: Object.keys(TransferSchema.properties),
  refills: Object.keys(RefillRequestSchema.properties),
  autofill: Object.keys(AutofillEnrolmentSchema.properties),
  reminders: Object.keys(RefillReminderSchema.properties),
  newPrescriptions: Object.keys(NewPrescriptionSchema.properties),
};

let ctx: TestContext;
const ids = {} as Record<CollectionName, number[]>;

beforeAll(async () => {
  ctx = await bootPrescriptionApp();
  const { app } = ctx;
  ids.transfers = [await insertTransfer(app), await insertTransfer(app, { status: 'flagged' })];
  ids.refills = [
    await insertRx(app, 'refill_requests', { type: 'Refill' }),
    await insertRx(app, 'refill_requests', { type: 'Renewal', status: 'completed' }),
  ];
  ids.autofill = [await insertRx(app, 'autofill_enrolments'), await insertRx(app, 'autofill_enrolments')];
  ids.reminders = [
    await insertRx(app, 'refill_reminder_enrolments'),
    await insertRx(app, 'refill_reminder_enrolments'),
  ];
  ids.newPrescriptions = [await insertNewPrescription(ctx.app), await insertNewPrescription(ctx.app)];
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET of each list (no cursor)', () => {
  it.each(PRESCRIPTION_COLLECTION_NAMES)('%s: a bare array with the spec fields only, newest first', async (name) => {
    const { path, key } = COLLECTIONS[name];
    const res = await call<Row[]>(ctx, 'GET', path);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual([...FIELDS[name]].sort());
    const positions = ids[name].map((id) => res.body.findIndex((item) => item[key] === id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    // The second row was created last, so it comes first.
    expect(positions[1]).toBeLessThan(positions[0]!);
    const created = res.body.map((item) => Date.parse(item.created_at as string));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('serves dates as the spec reads them and never internal columns', async () => {
    const res = await call<Row[]>(ctx, 'GET', '/admin/refills-and-renewals');
    const renewal = res.body.find((item) => item.id === ids.refills[1])!;
    expect(renewal).toMatchObject({ type: 'Renewal', status: 'completed', date_of_birth: '1970-01-31' });
    expect(renewal.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const item of res.body) {
      // user_id links a request to its patient's page (null for a guest); change_no is internal.
      expect(item).toHaveProperty('user_id');
      expect(item).not.toHaveProperty('change_no');
      expect(item).not.toHaveProperty('updated_at');
    }
    const autofill = await call<Row[]>(ctx, 'GET', '/admin/autofill');
    expect(autofill.body.find((item) => item.refillId === ids.autofill[0])).toBeDefined();
  });

  it('answers under /api as well', async () => {
    const res = await call<Row[]>(ctx, 'GET', '/admin/transfers', { base: API_ALIAS_BASE });
    expect(res.status).toBe(200);
    expect(res.body.some((item) => item.transfer_id === ids.transfers[0])).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await call(ctx, 'GET', '/admin/autofill', { token: null })).status).toBe(401);
    expect((await call(ctx, 'GET', '/admin/autofill', { token: ctx.tokens.patient })).status).toBe(403);
  });
});

describe('GET <list>?since=<cursor>', () => {
  it('since=0 answers a DeltaPage of everything in change order', async () => {
    const res = await call<DeltaPage<Row>>(ctx, 'GET', '/admin/refill-reminders?since=0');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['cursor', 'deleted', 'items', 'more']);
    expect(res.body.more).toBe(false);
    const got = res.body.items.map((item) => item.id);
    expect(got).toEqual(expect.arrayContaining(ids.reminders));
    expect(got.indexOf(ids.reminders[0])).toBeLessThan(got.indexOf(ids.reminders[1]));
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual([...FIELDS.reminders].sort());
    expect(res.body.cursor).toMatch(/^\d+$/);
  });

  it('returns only what changed after the cursor, deletions included', async () => {
    const { app } = ctx;
    const cursor = await currentCursor(app);
    const added = await insertTransfer(app);
    const completed = await call(ctx, 'PUT', `/admin/transfers/complete/${ids.transfers[0]}`);
    expect(completed.status).toBe(200);
    await app.db.transaction((tx) =>
      tx.query('DELETE FROM transfers WHERE transfer_id = $1', [ids.transfers[1]]),
    );

    const res = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/transfers?since=${cursor}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item) => item.transfer_id)).toEqual([added, ids.transfers[0]]);
    expect(res.body.items[1]).toMatchObject({ status: 'completed' });
    expect(res.body.deleted).toEqual([ids.transfers[1]]);
    expect(res.body.more).toBe(false);
    expect(Number(res.body.cursor)).toBeGreaterThan(Number(cursor));
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual([...FIELDS.transfers].sort());

    // Other lists saw none of it.
    const other = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/autofill?since=${cursor}`);
    expect(other.body).toEqual({ items: [], deleted: [], cursor, more: false });

    const again = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/transfers?since=${res.body.cursor}`);
    expect(again.body).toEqual({ items: [], deleted: [], cursor: res.body.cursor, more: false });
  });

  it('pages with limit and more, rows and deletions interleaved in change order', async () => {
    const { app } = ctx;
    const cursor = await currentCursor(app);
    const a = await insertRx(app, 'autofill_enrolments');
    await app.db.transaction((tx) =>
      tx.query('DELETE FROM autofill_enrolments WHERE refill_id = $1', [ids.autofill[0]]),
    );
    const b = await insertRx(app, 'autofill_enrolments');
    const c = await insertRx(app, 'autofill_enrolments');

    const first = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/autofill?since=${cursor}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((item) => item.refillId)).toEqual([a]);
    expect(first.body.deleted).toEqual([ids.autofill[0]]);
    expect(first.body.more).toBe(true);

    const second = await call<DeltaPage<Row>>(
      ctx,
      'GET',
      `/admin/autofill?since=${first.body.cursor}&limit=2`,
    );
    expect(second.body.items.map((item) => item.refillId)).toEqual([b, c]);
    expect(second.body.deleted).toEqual([]);
    expect(second.body.more).toBe(false);

    const capped = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/autofill?since=${cursor}&limit=${SYNC_PAGE_LIMIT * 10}`);
    expect(capped.status).toBe(200);
    expect(capped.body.items.map((item) => item.refillId)).toEqual([a, b, c]);
    expect(capped.body.cursor).toBe(second.body.cursor);
  });

  it.each(['abc', '-1', '1.5', '', '1e3', '99999999999999999999'])('since=%s is a 400 naming since', async (since) => {
    const res = await call<{ error: { code: string; message: string } }>(
      ctx,
      'GET',
      `/admin/new-prescriptions-info?since=${since}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toContain('since');
  });

  it.each(['0', 'x', '-5', '2.5'])('limit=%s is a 400 naming limit', async (limit) => {
    const res = await call<{ error: { message: string } }>(ctx, 'GET', `/admin/transfers?since=0&limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('limit');
  });
});
