// Status changes through the state machine of spec section 4: transfer actions and the
// refill-type `PUT /admin/{kind}/status/{id}`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import {
  AutofillEnrolmentSchema,
  RefillReminderSchema,
  RefillRequestSchema,
  TransferSchema,
} from '../../../src/shared/entities';
import type { RequestStatus, TransferAction } from '../../../src/shared/request-status';
import {
  bootPrescriptionApp,
  call,
  changeNoOf,
  insertRx,
  insertTransfer,
  RX_KEY,
  type RxTable,
  type TestContext,
  type ErrorResponse,
  type Row,
} from './fixtures';


let ctx: TestContext;
beforeAll(async () => {
  ctx = await bootPrescriptionApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

const TRANSFER_FIELDS = Object.keys(TransferSchema.properties).sort();

// from, action -> the answer: the new status, 'same' (no effect) or 409.
const TRANSFER_CASES: [RequestStatus, TransferAction, RequestStatus | 'same' | 409][] = [
  ['active', 'complete', 'completed'],
  ['active', 'incomplete', 'same'],
  ['active', 'flag', 'flagged'],
  ['active', 'unflag', 'same'],
  ['completed', 'complete', 'same'],
  ['completed', 'incomplete', 'active'],
  ['completed', 'flag', 409],
  ['completed', 'unflag', 409],
  ['flagged', 'complete', 409],
  ['flagged', 'incomplete', 409],
  ['flagged', 'flag', 'same'],
  ['flagged', 'unflag', 'active'],
];

describe('PUT /admin/transfers/{action}/{transfer_id}', () => {
  it.each(TRANSFER_CASES)('%s transfer, %s -> %s', async (from, action, expected) => {
    const id = await insertTransfer(ctx.app, { status: from });
    const before = await changeNoOf(ctx.app, 'transfers', 'transfer_id', id);
    const res = await call<Row & ErrorResponse>(ctx, 'PUT', `/admin/transfers/${action}/${id}`);
    const after = await changeNoOf(ctx.app, 'transfers', 'transfer_id', id);
    if (expected === 409) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(res.body.record).toMatchObject({ transfer_id: id, status: from });
      expect(Object.keys(res.body.record!).sort()).toEqual(TRANSFER_FIELDS);
      expect(after).toBe(before);
      return;
    }
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(TRANSFER_FIELDS);
    expect(res.body).toMatchObject({ transfer_id: id, status: expected === 'same' ? from : expected });
    // A repeat of the current state writes nothing: devices do not re-download the record.
    if (expected === 'same') expect(after).toBe(before);
    else expect(after).toBeGreaterThan(before);
  });

  it('answers under /api too, with a JSON body on a body-less PUT', async () => {
    const id = await insertTransfer(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${API_ALIAS_BASE}/admin/transfers/flag/${id}`,
      headers: { authorization: `Bearer ${ctx.tokens.admin}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ transfer_id: id, status: 'flagged' });
  });

  it('404 for an unknown transfer, also beyond the key range', async () => {
    for (const id of ['987654321', '2147483648', '99999999999999999999']) {
      const res = await call<ErrorResponse>(ctx, 'PUT', `/admin/transfers/complete/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it.each(['abc', '0', '-1', '1.5', '01'])('400 naming transfer_id for "%s"', async (id) => {
    const res = await call<ErrorResponse>(ctx, 'PUT', `/admin/transfers/complete/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toContain('transfer_id');
    expect(res.body.error.message).toBe('transfer_id must be a positive whole number.');
  });

  it('400 naming the action for an unknown action', async () => {
    const id = await insertTransfer(ctx.app);
    const res = await call<ErrorResponse>(ctx, 'PUT', `/admin/transfers/delete/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('action');
    expect(res.body.error.message).toBe('action must be one of complete, incomplete, flag, unflag.');
  });

  it('is for admins only', async () => {
    const id = await insertTransfer(ctx.app);
    expect((await call(ctx, 'PUT', `/admin/transfers/complete/${id}`, { token: null })).status).toBe(401);
    const patient = await call(ctx, 'PUT', `/admin/transfers/complete/${id}`, { token: ctx.tokens.patient });
    expect(patient.status).toBe(403);
    const list = await call<Row[]>(ctx, 'GET', '/admin/transfers');
    expect(list.body.find((t) => t.transfer_id === id)).toMatchObject({ status: 'active' });
  });
});

const KINDS: [string, RxTable, string[]][] = [
  ['Renewals', 'refill_requests', Object.keys(RefillRequestSchema.properties)],
  ['Service', 'autofill_enrolments', Object.keys(AutofillEnrolmentSchema.properties)],
  ['Reminders', 'refill_reminder_enrolments', Object.keys(RefillReminderSchema.properties)],
];
const STATUSES: RequestStatus[] = ['active', 'completed', 'flagged'];
const ALLOWED = new Set(['active>completed', 'active>flagged', 'completed>active', 'flagged>active']);
const STATUS_CASES = KINDS.flatMap(([kind, table, fields]) =>
  STATUSES.flatMap((from) => STATUSES.map((to) => [kind, from, to, table, fields] as const)),
);

describe('PUT /admin/{kind}/status/{id}', () => {
  it.each(STATUS_CASES)('%s: %s -> %s', async (kind, from, to, table, fields) => {
    const id = await insertRx(ctx.app, table, { status: from });
    const key = table === 'autofill_enrolments' ? 'refillId' : 'id';
    const before = await changeNoOf(ctx.app, table, RX_KEY[table], id);
    const res = await call<Row & ErrorResponse>(ctx, 'PUT', `/admin/${kind}/status/${id}`, { body: { status: to } });
    const after = await changeNoOf(ctx.app, table, RX_KEY[table], id);
    if (from !== to && !ALLOWED.has(`${from}>${to}`)) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
      expect(res.body.record).toMatchObject({ [key]: id, status: from });
      expect(Object.keys(res.body.record!).sort()).toEqual([...fields].sort());
      expect(after).toBe(before);
      return;
    }
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...fields].sort());
    expect(res.body).toMatchObject({ [key]: id, status: to });
    if (from === to) expect(after).toBe(before);
    else expect(after).toBeGreaterThan(before);
  });

  it('404 for an unknown id', async () => {
    const res = await call<ErrorResponse>(ctx, 'PUT', '/admin/Service/status/987654321', {
      body: { status: 'completed' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it.each([
    ['missing body', undefined],
    ['no status', {}],
    ['unknown status', { status: 'done' }],
    ['status of another type', { status: 1 }],
    ['the filter value all', { status: 'all' }],
    ['a status in an array (never coerced)', { status: ['active'] }],
    ['a body that is not an object', ['active']],
  ])('400 naming status for %s', async (_label, body) => {
    const id = await insertRx(ctx.app, 'refill_requests');
    const res = await call<ErrorResponse>(ctx, 'PUT', `/admin/Renewals/status/${id}`, { body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('status');
    expect(res.body.error.message).toBe('status must be one of active, completed, flagged.');
  });

  it('400 naming id for a malformed id, and kind for an unknown kind', async () => {
    const badId = await call<ErrorResponse>(ctx, 'PUT', '/admin/Reminders/status/x1', {
      body: { status: 'completed' },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toContain('id');
    expect(badId.body.error.message).toBe('id must be a positive whole number.');
    const badKind = await call<ErrorResponse>(ctx, 'PUT', '/admin/Refills/status/1', {
      body: { status: 'completed' },
    });
    expect(badKind.status).toBe(400);
    expect(badKind.body.error.message).toContain('kind');
  });
});
