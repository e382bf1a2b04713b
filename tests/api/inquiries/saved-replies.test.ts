// Saved replies (issue 19) on the server: the synced list (whole, and deltas with deletions), and
// create, edit and delete as staff actions: trimmed, validated with clear 400s, repeats with no
// effect, 404 and 409, Idempotency-Key replays, their history in saved_reply_events and nothing in
// the access log; PGlite, or PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeltaPage } from '../../../src/shared/collections';
import { API_ALIAS_BASE } from '../../../src/shared/constants';
import {
  SAVED_REPLY_MAX_ID,
  SAVED_REPLY_TEXT_MAX_CHARS,
  SAVED_REPLY_TITLE_MAX_CHARS,
  type SavedReply,
} from '../../../src/shared/saved-replies';
import { call, currentCursor, unique, type ErrorResponse } from '../prescriptions/fixtures';
import { bootInquiryApp, type InquiryContext } from './fixtures';

let ctx: InquiryContext;
beforeAll(async () => {
  ctx = await bootInquiryApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

let nextId = 1000;
const newId = () => (nextId += 1);

const create = (body: unknown, options: { key?: string; token?: string | null; base?: string } = {}) =>
  call<SavedReply & ErrorResponse>(ctx, 'POST', '/admin/saved-replies', { body, ...options });
const edit = (id: number | string, body: unknown, key?: string) =>
  call<SavedReply & ErrorResponse>(ctx, 'PUT', `/admin/saved-replies/${id}`, { body, key });
const remove = (id: number | string, key?: string) =>
  call<{ saved_reply_id: number; deleted: true } & ErrorResponse>(ctx, 'POST', `/admin/saved-replies/${id}/delete`, { key });

async function list(): Promise<SavedReply[]> {
  const res = await call<SavedReply[]>(ctx, 'GET', '/admin/saved-replies');
  expect(res.status).toBe(200);
  return res.body;
}

async function events(id: number) {
  return ctx.app.db.query<{ action: string; title: string | null; text: string | null; actor_uid: string; idempotency_key: string | null }>(
    'SELECT action, title, text, actor_uid, idempotency_key FROM saved_reply_events WHERE saved_reply_id = $1 ORDER BY event_id',
    [id],
  );
}

describe('saved replies', () => {
  it('creates one, trimmed, under the key the device chose; a replayed key and a repeat have no second effect', async () => {
    const id = newId();
    const key = unique('create');
    const body = { saved_reply_id: id, title: '  Refill ready  ', text: '\n Hello {first_name}, your refill is ready at {pharmacy_name}. \n' };
    const res = await create(body, { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ saved_reply_id: id, title: 'Refill ready', text: 'Hello {first_name}, your refill is ready at {pharmacy_name}.' });
    expect(await list()).toContainEqual(res.body);

    const replay = await create(body, { key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(res.body);
    // Another device sends the same reply again (its own key): already so.
    expect((await create(body, { key: unique('again') })).body).toEqual(res.body);
    expect(await events(id)).toEqual([
      { action: 'create', title: 'Refill ready', text: res.body.text, actor_uid: ctx.adminUid, idempotency_key: key },
    ]);

    // The same key with other words: taken, and the 409 carries the reply as it is.
    const taken = await create({ ...body, title: 'Something else' });
    expect(taken.status).toBe(409);
    expect(taken.body.record).toEqual(res.body);
    // The other prefix answers the same list.
    const alias = await call<SavedReply[]>(ctx, 'GET', '/admin/saved-replies', { base: API_ALIAS_BASE });
    expect(alias.body).toContainEqual(res.body);
  });

  it('refuses empty, too long or malformed input with a 400 that names the field, before anything is stored', async () => {
    const id = newId();
    const cases: [unknown, RegExp][] = [
      [{ saved_reply_id: id, title: '   ', text: 'Hi' }, /^title must not be empty/],
      [{ saved_reply_id: id, title: 'Hi', text: ' \n ' }, /^text must not be empty/],
      [{ saved_reply_id: id, title: 'x'.repeat(SAVED_REPLY_TITLE_MAX_CHARS + 1), text: 'Hi' }, /^title must be at most 100 characters/],
      [{ saved_reply_id: id, title: 'Hi', text: 'x'.repeat(SAVED_REPLY_TEXT_MAX_CHARS + 1) }, /^text must be at most 5,000 characters/],
      [{ saved_reply_id: id, title: 'Hi' }, /text/],
      [{ saved_reply_id: 0, title: 'Hi', text: 'Hi' }, /saved_reply_id/],
      [{ saved_reply_id: SAVED_REPLY_MAX_ID + 1, title: 'Hi', text: 'Hi' }, /saved_reply_id/],
      [{ saved_reply_id: 'one', title: 'Hi', text: 'Hi' }, /saved_reply_id/],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toMatch(message);
    }
    // Exactly at the limits is fine (emoji count as one character each).
    const edge = await create({ saved_reply_id: id, title: '🙂'.repeat(SAVED_REPLY_TITLE_MAX_CHARS), text: 'x'.repeat(SAVED_REPLY_TEXT_MAX_CHARS) });
    expect(edge.status).toBe(200);
    expect((await edit(id, { title: ' ', text: 'Hi' })).status).toBe(400);
  });

  it('edits one (a new change number, so devices sync it); the same words again is a repeat; an unknown one is a 404', async () => {
    const id = newId();
    await create({ saved_reply_id: id, title: 'Hours', text: 'We open at 9.' });
    const cursor = await currentCursor(ctx.app);
    const key = unique('edit');
    const res = await edit(id, { title: ' Opening hours ', text: 'We open at 9, {first_name}. ' }, key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ saved_reply_id: id, title: 'Opening hours', text: 'We open at 9, {first_name}.' });
    const delta = await call<DeltaPage<SavedReply>>(ctx, 'GET', `/admin/saved-replies?since=${cursor}`);
    expect(delta.body.items).toEqual([res.body]);

    expect((await edit(id, { title: 'Opening hours', text: 'We open at 9, {first_name}.' })).body).toEqual(res.body);
    expect((await edit(id, { title: 'Changed', text: 'Again' }, key)).status).toBe(422);
    expect((await events(id)).map((e) => e.action)).toEqual(['create', 'edit']);

    const missing = await edit(999_999, { title: 'Hi', text: 'Hi' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Saved reply 999999 was not found.');
  });

  it('deletes one: gone from the list, a deletion in the delta; deleting again is a success with no effect, editing it a 404', async () => {
    const id = newId();
    await create({ saved_reply_id: id, title: 'Parking', text: 'Parking is behind the store.' });
    const cursor = await currentCursor(ctx.app);
    const res = await remove(id, unique('delete'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ saved_reply_id: id, deleted: true });
    expect((await list()).map((r) => r.saved_reply_id)).not.toContain(id);
    const delta = await call<DeltaPage<SavedReply>>(ctx, 'GET', `/admin/saved-replies?since=${cursor}`);
    expect(delta.body.deleted).toEqual([id]);
    expect(delta.body.items).toEqual([]);

    expect((await remove(id)).body).toEqual({ saved_reply_id: id, deleted: true });
    expect((await edit(id, { title: 'Parking', text: 'Here' })).status).toBe(404);
    expect((await events(id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('is for staff only, and writes nothing to the access log (no patient data)', async () => {
    const id = newId();
    expect((await create({ saved_reply_id: id, title: 'Hi', text: 'Hi' }, { token: ctx.tokens.patient })).status).toBe(403);
    expect((await create({ saved_reply_id: id, title: 'Hi', text: 'Hi' }, { token: null })).status).toBe(401);
    expect((await call(ctx, 'GET', '/admin/saved-replies', { token: ctx.tokens.patient })).status).toBe(403);
    await create({ saved_reply_id: id, title: 'Hi', text: 'Hi' });
    await edit(id, { title: 'Hello', text: 'Hi' });
    await remove(id);
    // Nor do its downloads, whole or a first sync.
    expect((await call(ctx, 'GET', '/admin/saved-replies')).status).toBe(200);
    expect((await call(ctx, 'GET', '/admin/saved-replies?since=0')).status).toBe(200);
    const [row] = await ctx.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM access_log WHERE collection = 'savedReplies'");
    expect(row!.n).toBe(0);
  });
});
