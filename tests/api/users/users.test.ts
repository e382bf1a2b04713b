// GET /admin/users (the whole list, the spec's fields only) and GET /admin/users/{userId} (an
// array of one), under both prefixes; PGlite, or PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import type { User } from '../../../src/shared/entities';
import { call, type ErrorResponse } from '../prescriptions/fixtures';
import { bootInquiryApp, insertUser, type InquiryContext } from '../inquiries/fixtures';

const USER_FIELDS = ['date_of_birth', 'email', 'first_name', 'last_name', 'phone_number', 'postal_code', 'status', 'user_id'];

let ctx: InquiryContext;
beforeAll(async () => {
  ctx = await bootInquiryApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /admin/users/{userId}', () => {
  it('answers an array of one patient with the spec fields only (no address, no account id), under both prefixes', async () => {
    const id = await insertUser(ctx.app, {
      first_name: 'Mary',
      last_name: 'Pickford',
      email: 'mary.pickford@patients.test',
      phone_number: '416-555-0120',
      date_of_birth: '1960-02-29',
      postal_code: 'M4C 1B5',
      status: 'inactive',
    });
    for (const base of [undefined, API_ALIAS_BASE]) {
      const res = await call<User[]>(ctx, 'GET', `/admin/users/${id}`, { base });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual([
        {
          user_id: id,
          first_name: 'Mary',
          last_name: 'Pickford',
          email: 'mary.pickford@patients.test',
          phone_number: '416-555-0120',
          date_of_birth: '1960-02-29',
          postal_code: 'M4C 1B5',
          status: 'inactive',
        },
      ]);
    }
  });

  it('answers null for what a patient did not give', async () => {
    const id = await insertUser(ctx.app, { email: null, phone_number: null, date_of_birth: null, postal_code: null });
    const [user] = (await call<User[]>(ctx, 'GET', `/admin/users/${id}`)).body;
    expect(Object.keys(user!).sort()).toEqual(USER_FIELDS);
    expect(user).toMatchObject({ email: null, phone_number: null, date_of_birth: null, postal_code: null, status: 'active' });
  });

  it('404 with a clear message for an unknown patient; 400 naming userId for a bad id', async () => {
    for (const id of ['987654321', '2147483648', '99999999999999999999']) {
      const res = await call<ErrorResponse>(ctx, 'GET', `/admin/users/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: `User ${id} was not found.` });
    }
    for (const id of ['abc', '0', '-1', '1.5', '01', '1e3']) {
      const res = await call<ErrorResponse>(ctx, 'GET', `/admin/users/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error).toEqual({ code: 'bad_request', message: 'userId must be a positive whole number.' });
    }
  });

  it('is for admins only', async () => {
    const id = await insertUser(ctx.app);
    expect((await call(ctx, 'GET', `/admin/users/${id}`, { token: ctx.tokens.patient })).status).toBe(403);
    expect((await call(ctx, 'GET', `/admin/users/${id}`, { token: null })).status).toBe(401);
  });
});

describe('GET /admin/users', () => {
  it('lists every patient, active and inactive, with the same fields as one patient', async () => {
    const active = await insertUser(ctx.app, { status: 'active' });
    const inactive = await insertUser(ctx.app, { status: 'inactive', email: null });
    const res = await call<User[]>(ctx, 'GET', '/admin/users');
    expect(res.status).toBe(200);
    for (const user of res.body) expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    const one = async (id: number) => (await call<User[]>(ctx, 'GET', `/admin/users/${id}`)).body[0];
    expect(res.body.find((u) => u.user_id === active)).toEqual(await one(active));
    expect(res.body.find((u) => u.user_id === inactive)).toEqual(await one(inactive));
  });
});
