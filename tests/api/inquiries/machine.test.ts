// GET /admin/inquiries/{messageId} and the inquiry machine of spec section 4 on the server:
// PUT /admin/messages/{message_id}/resolve, /unresolve and /reply, with their repeats, 409s,
// 400s and 404s, under both prefixes; PGlite, or PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import type { Inquiry } from '../../../src/shared/entities';
import { REPLY_MAX_CHARS, type ReplyResponse } from '../../../src/shared/inquiry-api';
import { call, changeNoOf, unique, type ErrorResponse } from '../prescriptions/fixtures';
import { bootInquiryApp, insertInquiry, insertUser, outboxTo, type InquiryContext } from './fixtures';

const INQUIRY_FIELDS = [
  'created_at',
  'email',
  'first_name',
  'last_name',
  'message',
  'message_id',
  'phone_number',
  'replied',
  'reply',
  'resolved',
  'user_id',
  // Issue 19: who handles it, carried on the record so every device's cached list says it.
  'assignee_uid',
  'assignee_name',
].sort();

let ctx: InquiryContext;
beforeAll(async () => {
  ctx = await bootInquiryApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

async function stored(id: number): Promise<Inquiry> {
  const res = await call<Inquiry[]>(ctx, 'GET', `/admin/inquiries/${id}`);
  expect(res.status).toBe(200);
  return res.body[0]!;
}

async function audit(id: number) {
  return ctx.app.db.query<{ from_status: string; to_status: string; actor_uid: string; idempotency_key: string | null }>(
    `SELECT from_status, to_status, actor_uid, idempotency_key FROM request_status_events
     WHERE entity = 'inquiries' AND record_id = $1 ORDER BY event_id`,
    [id],
  );
}

const put = (id: number | string, action: string, options: { body?: unknown; key?: string; base?: string } = {}) =>
  call<Inquiry & ErrorResponse>(ctx, 'PUT', `/admin/messages/${id}/${action}`, options);

describe('GET /admin/inquiries/{messageId}', () => {
  it('answers an array of one inquiry with the spec fields only, under both prefixes', async () => {
    const userId = await insertUser(ctx.app);
    const id = await insertInquiry(ctx.app, { user_id: userId, first_name: 'Mary', message: 'Is my refill ready?' });
    for (const base of [undefined, API_ALIAS_BASE]) {
      const res = await call<Inquiry[]>(ctx, 'GET', `/admin/inquiries/${id}`, { base });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toHaveLength(1);
      expect(Object.keys(res.body[0]!).sort()).toEqual(INQUIRY_FIELDS);
      expect(res.body[0]).toMatchObject({
        message_id: id,
        user_id: userId,
        first_name: 'Mary',
        message: 'Is my refill ready?',
        resolved: false,
        replied: false,
        reply: null,
      });
      expect(new Date(res.body[0]!.created_at).toISOString()).toBe(res.body[0]!.created_at);
    }
    const guest = await insertInquiry(ctx.app);
    expect((await stored(guest)).user_id).toBeNull();
  });

  it('404 with a clear message for an unknown inquiry; 400 naming messageId for a bad id', async () => {
    for (const id of ['987654321', '2147483648', '99999999999999999999']) {
      const res = await call<ErrorResponse>(ctx, 'GET', `/admin/inquiries/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: `Inquiry ${id} was not found.` });
    }
    for (const id of ['abc', '0', '-1', '1.5', '01', '%20']) {
      const res = await call<ErrorResponse>(ctx, 'GET', `/admin/inquiries/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error).toEqual({ code: 'bad_request', message: 'messageId must be a positive whole number.' });
    }
  });

  it('the list route still answers the whole list, with or without the trailing slash', async () => {
    const id = await insertInquiry(ctx.app);
    for (const path of ['/admin/inquiries', '/admin/inquiries/']) {
      const res = await call<Inquiry[]>(ctx, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.body.some((q) => q.message_id === id)).toBe(true);
    }
  });
});

describe('resolve and unresolve', () => {
  it('new → resolved → new, answering the inquiry, each change audited with who and which key', async () => {
    const id = await insertInquiry(ctx.app);
    const key1 = unique('key');
    const resolved = await put(id, 'resolve', { key: key1 });
    expect(resolved.status).toBe(200);
    expect(Object.keys(resolved.body).sort()).toEqual(INQUIRY_FIELDS);
    expect(resolved.body).toMatchObject({ message_id: id, resolved: true, replied: false, reply: null });
    expect(await stored(id)).toMatchObject({ resolved: true, replied: false });

    const key2 = unique('key');
    const unresolved = await put(id, 'unresolve', { key: key2, base: API_ALIAS_BASE });
    expect(unresolved.status).toBe(200);
    expect(unresolved.body).toMatchObject({ message_id: id, resolved: false, replied: false });
    expect(await stored(id)).toMatchObject({ resolved: false, replied: false });

    expect(await audit(id)).toEqual([
      { from_status: 'new', to_status: 'resolved', actor_uid: ctx.adminUid, idempotency_key: key1 },
      { from_status: 'resolved', to_status: 'new', actor_uid: ctx.adminUid, idempotency_key: key2 },
    ]);
  });

  it('a repeat is a success with no effect: nothing written, no audit, no new change number', async () => {
    const id = await insertInquiry(ctx.app, { resolved: true });
    const before = await changeNoOf(ctx.app, 'inquiries', 'message_id', id);
    const again = await put(id, 'resolve');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message_id: id, resolved: true, replied: false });

    const fresh = await insertInquiry(ctx.app);
    const freshBefore = await changeNoOf(ctx.app, 'inquiries', 'message_id', fresh);
    const unresolveNew = await put(fresh, 'unresolve');
    expect(unresolveNew.status).toBe(200);
    expect(unresolveNew.body).toMatchObject({ message_id: fresh, resolved: false, replied: false });

    expect(await changeNoOf(ctx.app, 'inquiries', 'message_id', id)).toBe(before);
    expect(await changeNoOf(ctx.app, 'inquiries', 'message_id', fresh)).toBe(freshBefore);
    expect(await audit(id)).toEqual([]);
    expect(await audit(fresh)).toEqual([]);
  });

  it('resolving a replied inquiry is a repeat; unresolving it is a 409 with the inquiry as it is', async () => {
    const id = await insertInquiry(ctx.app, { resolved: true, replied: true, reply: 'We do; no appointment needed.' });
    const resolve = await put(id, 'resolve');
    expect(resolve.status).toBe(200);
    expect(resolve.body).toMatchObject({ replied: true, resolved: true, reply: 'We do; no appointment needed.' });

    const res = await put(id, 'unresolve', { key: unique('key') });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: `Inquiry ${id} has been replied to; it cannot be marked as unresolved.`,
    });
    expect(res.body.record).toMatchObject({ message_id: id, resolved: true, replied: true, reply: 'We do; no appointment needed.' });
    expect(Object.keys(res.body.record!).sort()).toEqual(INQUIRY_FIELDS);
    expect(await stored(id)).toMatchObject({ resolved: true, replied: true });
    expect(await audit(id)).toEqual([]);
  });

  it('404 for an unknown inquiry; 400 naming message_id for a bad one', async () => {
    for (const action of ['resolve', 'unresolve']) {
      const missing = await put(987654321, action, { key: unique('key') });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toEqual({ code: 'not_found', message: 'Inquiry 987654321 was not found.' });
      const huge = await put('99999999999', action);
      expect(huge.status).toBe(404);
      for (const id of ['x', '0', '-3', '2.5']) {
        const bad = await put(id, action);
        expect(bad.status, `${action} ${id}`).toBe(400);
        expect(bad.body.error.message).toBe('message_id must be a positive whole number.');
      }
    }
  });

  it('a patient is refused (403) and nothing changes', async () => {
    const id = await insertInquiry(ctx.app);
    const res = await call(ctx, 'PUT', `/admin/messages/${id}/resolve`, { token: ctx.tokens.patient });
    expect(res.status).toBe(403);
    expect(await stored(id)).toMatchObject({ resolved: false });
  });
});

describe('reply', () => {
  it('sets replied and resolved, stores the trimmed text and answers {message_id, emailed, record}', async () => {
    const email = `${unique('asker')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    const selectedInquiry = await stored(id);
    const key = unique('key');
    const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, {
      key,
      body: { selectedInquiry, reply: '  Yes, we carry it. Walk in any time.\n' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['emailed', 'message_id', 'record']);
    expect(res.body).toMatchObject({
      message_id: id,
      emailed: true,
      record: { message_id: id, resolved: true, replied: true, reply: 'Yes, we carry it. Walk in any time.' },
    });
    expect(Object.keys(res.body.record).sort()).toEqual(INQUIRY_FIELDS);
    expect(await stored(id)).toMatchObject({ resolved: true, replied: true, reply: 'Yes, we carry it. Walk in any time.' });
    expect(await audit(id)).toEqual([{ from_status: 'new', to_status: 'replied', actor_uid: ctx.adminUid, idempotency_key: key }]);
    expect(await outboxTo(ctx.app, email)).toHaveLength(1);
  });

  it('replies from resolved too, under the /api prefix', async () => {
    const id = await insertInquiry(ctx.app, { resolved: true });
    const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, {
      base: API_ALIAS_BASE,
      body: { reply: 'Done.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.record).toMatchObject({ resolved: true, replied: true, reply: 'Done.' });
    expect((await audit(id)).map((e) => [e.from_status, e.to_status])).toEqual([['resolved', 'replied']]);
  });

  it('replying to a replied inquiry is a 409 carrying the other reply; no email, nothing changed', async () => {
    const email = `${unique('twice')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    expect((await put(id, 'reply', { body: { reply: 'First answer.' }, key: unique('key') })).status).toBe(200);
    const res = await call<ErrorResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, {
      token: ctx.tokens.otherAdmin,
      key: unique('key'),
      body: { reply: 'Second answer.' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: `Inquiry ${id} has already been replied to; it cannot be replied to again.`,
    });
    expect(res.body.record).toMatchObject({ message_id: id, replied: true, resolved: true, reply: 'First answer.' });
    expect(await stored(id)).toMatchObject({ reply: 'First answer.' });
    expect(await outboxTo(ctx.app, email)).toHaveLength(1);
    expect(await audit(id)).toHaveLength(1);
  });

  it('400 for an empty, blank, missing, non-text or too long reply; nothing changed, no email', async () => {
    const email = `${unique('bad')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    const before = await changeNoOf(ctx.app, 'inquiries', 'message_id', id);
    const cases: [unknown, string][] = [
      [{ reply: '' }, 'reply must not be empty or only spaces.'],
      [{ reply: '   \n\t ' }, 'reply must not be empty or only spaces.'],
      [{ reply: 'a'.repeat(REPLY_MAX_CHARS + 1) }, 'reply must be at most 5,000 characters.'],
      [{ reply: ` ${'é'.repeat(REPLY_MAX_CHARS + 1)} ` }, 'reply must be at most 5,000 characters.'],
      [{}, 'reply must be text of 1 to 5,000 characters.'],
      [undefined, 'reply must be text of 1 to 5,000 characters.'],
      [{ reply: 42 }, 'reply must be text of 1 to 5,000 characters.'],
      [{ reply: ['Yes'] }, 'reply must be text of 1 to 5,000 characters.'],
      [{ reply: null }, 'reply must be text of 1 to 5,000 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await put(id, 'reply', { body, key: unique('key') });
      expect(res.status, JSON.stringify(body)?.slice(0, 40)).toBe(400);
      expect(res.body.error).toEqual({ code: 'bad_request', message });
    }
    expect(await changeNoOf(ctx.app, 'inquiries', 'message_id', id)).toBe(before);
    expect(await stored(id)).toMatchObject({ resolved: false, replied: false, reply: null });
    expect(await outboxTo(ctx.app, email)).toEqual([]);
    expect(await audit(id)).toEqual([]);
  });

  it('accepts exactly 5,000 characters', async () => {
    const id = await insertInquiry(ctx.app);
    const text = 'ab'.repeat(REPLY_MAX_CHARS / 2);
    const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { body: { reply: text } });
    expect(res.status).toBe(200);
    expect(res.body.record.reply).toBe(text);
  });

  it('404 for an unknown inquiry, and no email', async () => {
    const res = await put(987654321, 'reply', { body: { reply: 'Hello' } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Inquiry 987654321 was not found.');
  });

  it('trusts the server, not the body: selectedInquiry cannot redirect the email or the inquiry', async () => {
    const email = `${unique('real')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    const other = await insertInquiry(ctx.app);
    const selectedInquiry = { ...(await stored(other)), email: 'attacker@elsewhere.test' };
    const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { body: { selectedInquiry, reply: 'Hi' } });
    expect(res.status).toBe(200);
    expect(res.body.message_id).toBe(id);
    expect(await outboxTo(ctx.app, email)).toHaveLength(1);
    expect(await outboxTo(ctx.app, 'attacker@elsewhere.test')).toEqual([]);
    expect(await stored(other)).toMatchObject({ replied: false });
  });

  it("a patient's inquiry without its own address goes to the account's address", async () => {
    const account = `${unique('acct')}@patients.test`;
    const userId = await insertUser(ctx.app, { email: account });
    const id = await insertInquiry(ctx.app, { user_id: userId, email: null });
    const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { body: { reply: 'Ready Friday.' } });
    expect(res.status).toBe(200);
    expect(res.body.emailed).toBe(true);
    expect(await outboxTo(ctx.app, account)).toHaveLength(1);
  });

  it('without any email address the reply is stored and the answer says emailed: false', async () => {
    const userId = await insertUser(ctx.app, { email: null });
    const [before] = await ctx.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
    for (const inquiry of [
      { user_id: null, email: null },
      { user_id: null, email: '   ' },
      { user_id: null, email: 'call me at 416-555-0199' },
      { user_id: userId, email: null },
    ]) {
      const id = await insertInquiry(ctx.app, inquiry);
      const key = unique('key');
      const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { key, body: { reply: 'Call us.' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message_id: id, emailed: false, record: { replied: true, reply: 'Call us.' } });
      const replay = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { key, body: { reply: 'Call us.' } });
      expect(replay.body).toEqual(res.body);
    }
    const [after] = await ctx.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
    expect(after!.n).toBe(before!.n);
  });
});
