// Idempotency-Key on the prescription PUTs (DESIGN.md section 3): stored answers are replayed
// without a second effect, per caller, for 7 days; a failed (5xx) run is not remembered.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ALIAS_BASE, API_BASE } from '../../../src/shared/constants';
import { IDEMPOTENCY_TTL_DAYS } from '../../../src/shared/constants';
import { requestHash } from '../../../src/server/plugins/app/idempotency';
import { verifyChain, type NewAccessEntry } from '../../../src/server/repositories/access-log';
import {
  completeKey,
  findKey,
  insertRunningKey,
  purgeExpiredKeys,
  takeOverKey,
} from '../../../src/server/repositories/idempotency-keys';
import {
  bootPrescriptionApp,
  call,
  changeNoOf,
  insertRx,
  insertTransfer,
  unique,
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

async function transferStatus(id: number): Promise<string> {
  const [row] = await ctx.app.db.query<{ status: string }>(
    'SELECT status FROM transfers WHERE transfer_id = $1',
    [id],
  );
  return row!.status;
}

async function keyRows(key: string): Promise<{ caller_uid: string; state: string; status_code: number | null }[]> {
  return ctx.app.db.query('SELECT caller_uid, state, status_code FROM idempotency_keys WHERE key = $1', [key]);
}

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and request, with no second effect', async () => {
    const id = await insertTransfer(ctx.app);
    const key = unique('key');
    const first = await call<Row>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ transfer_id: id, status: 'completed' });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // Someone else moves it back; a late resend of the first request must not complete it again.
    expect((await call(ctx, 'PUT', `/admin/transfers/incomplete/${id}`)).status).toBe(200);
    const changeNo = await changeNoOf(ctx.app, 'transfers', 'transfer_id', id);

    const replay = await call<Row>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await transferStatus(id)).toBe('active');
    expect(await changeNoOf(ctx.app, 'transfers', 'transfer_id', id)).toBe(changeNo);

    // The other prefix is the same request.
    const alias = await call<Row>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key, base: API_ALIAS_BASE });
    expect(alias.status).toBe(200);
    expect(alias.headers['idempotent-replayed']).toBe('true');
    expect(await transferStatus(id)).toBe('active');
  });

  it('hashes the body canonically: the same fields in another order are the same request', async () => {
    const id = await insertRx(ctx.app, 'refill_requests');
    const key = unique('key');
    const body = { status: 'flagged', note: { b: 1, a: 2 } };
    expect((await call(ctx, 'PUT', `/admin/Renewals/status/${id}`, { key, body })).status).toBe(200);
    const replay = await call(ctx, 'PUT', `/admin/Renewals/status/${id}`, {
      key,
      body: { note: { a: 2, b: 1 }, status: 'flagged' },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('hashes a request exactly as before the canonical-JSON library (keys stored then still match)', () => {
    // Figures computed by the hand-written canonical JSON this library replaced.
    const cases: [string, unknown, string][] = [
      ['/nodejsapp/api/admin/transfers/complete/7', undefined, '0173d8187f0e5d42bae243c35934aacc2a49bce855d6cf58a73e2a97e01f6a19'],
      [
        '/api/admin/Renewals/status/12?x=1',
        { status: 'flagged', note: { b: 1, a: 2 } },
        '27b6a43fb4cd525c26ddfd511b2fc1358b9e6118e65100660131be8da1b074b3',
      ],
      [
        '/nodejsapp/api/admin/prescription-request-notify/transfer',
        { transfer_id: 3, first_name: 'Zoë', é: [1, 0.1, 1e21, -0, null, true], A: 'a\u2028b"\\', email: null },
        '61ab20749f26d00cb02d2e89ac570acba03fa99f216893f1095e75198eaafe4a',
      ],
    ];
    for (const [url, body, hash] of cases) {
      expect(requestHash({ method: 'PUT', url, body } as FastifyRequest), url).toBe(hash);
    }
  });

  it('422 idempotency_mismatch when the key is reused with another body or path', async () => {
    const id = await insertRx(ctx.app, 'refill_reminder_enrolments');
    const key = unique('key');
    const ok = await call(ctx, 'PUT', `/admin/Reminders/status/${id}`, { key, body: { status: 'completed' } });
    expect(ok.status).toBe(200);
    const otherBody = await call<ErrorResponse>(ctx, 'PUT', `/admin/Reminders/status/${id}`, {
      key,
      body: { status: 'flagged' },
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error.code).toBe('idempotency_mismatch');
    const otherPath = await call<ErrorResponse>(ctx, 'PUT', `/admin/Service/status/${id}`, {
      key,
      body: { status: 'completed' },
    });
    expect(otherPath.status).toBe(422);
  });

  it('stores 4xx answers too: a replayed 409 stays a 409 even once the move became possible', async () => {
    const id = await insertTransfer(ctx.app, { status: 'flagged' });
    const key = unique('key');
    const conflict = await call<ErrorResponse>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key });
    expect(conflict.status).toBe(409);
    expect(conflict.body.record).toMatchObject({ status: 'flagged' });
    expect((await call(ctx, 'PUT', `/admin/transfers/unflag/${id}`)).status).toBe(200);
    const replay = await call<ErrorResponse>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key });
    expect(replay.status).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(conflict.body);
    expect(await transferStatus(id)).toBe('active');

    const missingKey = unique('key');
    const missing = await call(ctx, 'PUT', '/admin/transfers/complete/987654321', { key: missingKey });
    expect(missing.status).toBe(404);
    expect(await keyRows(missingKey)).toMatchObject([{ state: 'done', status_code: 404 }]);
  });

  it('keys belong to their caller: two admins may use the same key independently', async () => {
    const a = await insertTransfer(ctx.app);
    const b = await insertTransfer(ctx.app);
    const key = unique('shared-key');
    const mine = await call<Row>(ctx, 'PUT', `/admin/transfers/flag/${a}`, { key });
    expect(mine.status).toBe(200);
    // The other admin's key of the same name is theirs: a different request is no mismatch...
    const theirs = await call<Row>(ctx, 'PUT', `/admin/transfers/complete/${b}`, {
      key,
      token: ctx.tokens.otherAdmin,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body).toMatchObject({ transfer_id: b, status: 'completed' });
    // ...and each replays only their own answer.
    const mineAgain = await call<Row>(ctx, 'PUT', `/admin/transfers/flag/${a}`, { key });
    expect(mineAgain.headers['idempotent-replayed']).toBe('true');
    expect(mineAgain.body).toEqual(mine.body);
    const theirsAgain = await call<Row>(ctx, 'PUT', `/admin/transfers/complete/${b}`, {
      key,
      token: ctx.tokens.otherAdmin,
    });
    expect(theirsAgain.headers['idempotent-replayed']).toBe('true');
    expect(theirsAgain.body).toEqual(theirs.body);
    expect(await keyRows(key)).toHaveLength(2);
  });

  it('concurrent requests with one key: one runs, the other waits its turn or replays', async () => {
    const id = await insertTransfer(ctx.app);
    const key = unique('key');
    const before = await changeNoOf(ctx.app, 'transfers', 'transfer_id', id);
    const results = await Promise.all(
      [0, 1, 2].map(() => call<Row & ErrorResponse>(ctx, 'PUT', `/admin/transfers/flag/${id}`, { key })),
    );
    const fresh = results.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r === fresh[0]) continue;
      if (r.status === 409) {
        expect(r.body.error.code).toBe('in_progress');
        expect(r.headers['retry-after']).toBe('1');
      } else {
        expect(r.status).toBe(200);
        expect(r.headers['idempotent-replayed']).toBe('true');
      }
    }
    const after = await changeNoOf(ctx.app, 'transfers', 'transfer_id', id);
    expect(after).toBeGreaterThan(before);
  });

  it('409 in_progress with Retry-After while a run holds the key; a crashed run is taken over', async () => {
    const id = await insertTransfer(ctx.app);
    const url = `/admin/transfers/complete/${id}`;
    const hash = requestHash({ method: 'PUT', url: `${API_BASE}${url}`, body: undefined } as FastifyRequest);
    const key = unique('key');
    await ctx.app.db.query(
      `INSERT INTO idempotency_keys (caller_uid, key, request_hash, state) VALUES ($1, $2, $3, 'running')`,
      [ctx.adminUid, key, hash],
    );
    const busy = await call<ErrorResponse>(ctx, 'PUT', url, { key });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('in_progress');
    expect(busy.headers['retry-after']).toBe('1');
    expect(await transferStatus(id)).toBe('active');

    // The run crashed: its transaction never committed, and a minute later the key is free again.
    await ctx.app.db.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '2 minutes' WHERE key = $1`,
      [key],
    );
    const retried = await call<Row>(ctx, 'PUT', url, { key });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'completed' });
    expect((await call(ctx, 'PUT', url, { key })).headers['idempotent-replayed']).toBe('true');
  });

  it('the fence: a run whose key was taken over cannot store its answer; the run that took it over can', async () => {
    const key = unique('key');
    const uid = ctx.adminUid;
    const actor = unique('fence');
    const entry = (run: string): NewAccessEntry => ({
      actor_uid: actor,
      actor_name: null,
      device_id: null,
      action: 'status',
      collection: 'transfers',
      record_id: null,
      patient_user_id: null,
      patient_name: null,
      detail: { run },
      occurred_at: null,
      offline: false,
    });
    const first = await insertRunningKey(ctx.app.db, uid, key, 'hash');
    expect(first).not.toBeNull();
    // A second claim of the same key gets nothing while the first holds it.
    expect(await insertRunningKey(ctx.app.db, uid, key, 'hash')).toBeNull();
    // The first run looks crashed (stale): another request takes the key over, with a new token.
    await ctx.app.db.query(`UPDATE idempotency_keys SET created_at = created_at - interval '2 minutes' WHERE key = $1`, [key]);
    const seen = (await findKey(ctx.app.db, uid, key))!.created_at;
    const second = await takeOverKey(ctx.app.db, uid, key, seen);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    // Taken over once only: a third request that saw the same stale claim gets nothing.
    expect(await takeOverKey(ctx.app.db, uid, key, seen)).toBeNull();

    // The first run was alive after all and finishes: its answer is refused (its transaction rolls back).
    const stale = await ctx.app.db.transaction((tx) => completeKey(tx, { uid, key, token: first! }, { status: 200, body: { run: 'first' } }, [entry('first')]));
    expect(stale).toBe(false);
    expect(await keyRows(key)).toEqual([{ caller_uid: uid, state: 'running', status_code: null }]);
    // The run that holds the key stores its answer, once.
    expect(await ctx.app.db.transaction((tx) => completeKey(tx, { uid, key, token: second! }, { status: 201, body: { run: 'second' } }, [entry('second')]))).toBe(true);
    expect(await ctx.app.db.transaction((tx) => completeKey(tx, { uid, key, token: second! }, { status: 200, body: { run: 'again' } }, [entry('again')]))).toBe(false);
    const stored = (await findKey(ctx.app.db, uid, key))!;
    expect(stored).toMatchObject({ state: 'done', status_code: 201, response_body: { run: 'second' } });
    // The access-log entries go in with the answer stored, in its statement: only the second's.
    const logged = await ctx.app.db.query<{ detail: { run: string } }>(
      `SELECT detail FROM access_log WHERE actor_uid = $1 ORDER BY entry_id`,
      [actor],
    );
    expect(logged.map((row) => row.detail.run)).toEqual(['second']);
    expect((await verifyChain(ctx.app.db)).problem).toBeNull();
  });

  it('does not store a 5xx: the effect is rolled back and the same key can run again', async () => {
    const id = await insertTransfer(ctx.app, { last_name: unique('FAIL') });
    const [{ last_name: lastName }] = (await ctx.app.db.query<{ last_name: string }>(
      'SELECT last_name FROM transfers WHERE transfer_id = $1',
      [id],
    )) as [{ last_name: string }];
    const fn = `rx_test_fail_${unique('f').replace(/\W/g, '_')}`.toLowerCase();
    await ctx.app.db.exec(`
      CREATE FUNCTION ${fn}() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'simulated failure'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER ${fn} BEFORE UPDATE ON transfers FOR EACH ROW
        WHEN (OLD.last_name = '${lastName}') EXECUTE FUNCTION ${fn}();`);
    const key = unique('key');
    try {
      const failed = await call<ErrorResponse>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key });
      expect(failed.status).toBe(500);
      expect(failed.body.error.code).toBe('internal');
      expect(JSON.stringify(failed.body)).not.toContain('simulated');
      expect(await keyRows(key)).toEqual([]);
    } finally {
      await ctx.app.db.exec(`DROP TRIGGER ${fn} ON transfers; DROP FUNCTION ${fn}();`);
    }
    const retried = await call<Row>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key });
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.body).toMatchObject({ status: 'completed' });
  });

  it.each([
    ['empty', ''],
    ['a space', 'a b'],
    ['a slash', 'a/b'],
    ['201 characters', 'k'.repeat(201)],
  ])('400 for a key with %s', async (_label, key) => {
    const id = await insertTransfer(ctx.app);
    const res = await call<ErrorResponse>(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('Idempotency-Key');
    expect(await transferStatus(id)).toBe('active');
  });

  it('accepts a 200-character key of the allowed characters', async () => {
    const id = await insertTransfer(ctx.app);
    const key = `${unique('k')}_.:-`.padEnd(200, 'x');
    expect((await call(ctx, 'PUT', `/admin/transfers/complete/${id}`, { key })).status).toBe(200);
  });

  it(`keeps keys ${IDEMPOTENCY_TTL_DAYS} days by default, then the worker's housekeeping purges them`, async () => {
    expect(ctx.app.config.idempotencyKeyDays).toBe(IDEMPOTENCY_TTL_DAYS);
    const old = unique('old');
    const recent = unique('recent');
    await ctx.app.db.query(
      `INSERT INTO idempotency_keys (caller_uid, key, request_hash, state, status_code, response_body, created_at)
       VALUES ($1, $2, 'h', 'done', 200, '{}', now() - ($4 + 1) * interval '1 day'),
              ($1, $3, 'h', 'done', 200, '{}', now() - ($4 - 1) * interval '1 day')`,
      [ctx.adminUid, old, recent, IDEMPOTENCY_TTL_DAYS],
    );
    expect(await purgeExpiredKeys(ctx.app.db, ctx.app.config.idempotencyKeyDays)).toBeGreaterThanOrEqual(1);
    expect(await keyRows(old)).toEqual([]);
    expect(await keyRows(recent)).toHaveLength(1);
  });
});
