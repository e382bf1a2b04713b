// A record's History (issue 19, section 5) and the reply that would go out over someone else's
// (section 4), on the server: GET /admin/history/{collection}/{id} lists a record's changes (or a
// patient's and their records'), newest first by when they happened, each with its author's name,
// an offline change at its device time; reads stay out; bad input is a 400, an unknown record a
// 404, a patient's token a 403. A reply that says the state it was written against is refused
// with a 409 naming the other change (reply, who, when) when the inquiry moved meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../../../src/shared/access-log';
import { API_BASE } from '../../../src/shared/constants';
import type { OtherChange } from '../../../src/shared/inquiry-api';
import { insertInquiry, insertUser } from '../inquiries/fixtures';
import { insertTransfer, unique } from '../prescriptions/fixtures';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTestUser, testAdminAuth, type TestUser } from '../support/tokens';

let t: TestApp;
let priya: TestUser;
let sam: TestUser;
let patient: TestUser;

async function namedAdmin(name: string): Promise<TestUser> {
  const user = await createTestUser(null);
  await testAdminAuth().setCustomUserClaims(user.uid, { role: 'admin', staff_name: name });
  return user;
}

beforeAll(async () => {
  [t, priya, sam, patient] = await Promise.all([
    bootTestApp({ seed: false }),
    namedAdmin(unique('Priya')),
    namedAdmin(unique('Sam')),
    createTestUser('patient'),
  ]);
}, 180_000);
afterAll(async () => t?.close());

interface Answer {
  status: number;
  body: Record<string, unknown> & { entries?: AccessLogEntry[]; other?: OtherChange; error?: { code: string } };
}

async function call(who: TestUser, method: 'GET' | 'PUT' | 'POST', path: string, options: { body?: object; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: { ...bearer(who.token), ...(method === 'GET' ? {} : { 'idempotency-key': unique('key') }), ...options.headers },
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Answer['body'] };
}

const history = (collection: string, id: number | string, who = priya) => call(who, 'GET', `/admin/history/${collection}/${id}`);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('GET /admin/history/{collection}/{id}', () => {
  it("lists a record's changes newest first by when they happened, with names, an offline change at its device time, and no reads", async () => {
    const userId = await insertUser(t.app, { first_name: 'Ada', last_name: unique('Lovelace') });
    const transferId = await insertTransfer(t.app);
    await t.app.db.query('UPDATE transfers SET user_id = $1 WHERE transfer_id = $2', [userId, transferId]);

    // Sam reopened it offline 20 minutes ago; the change arrives after Priya's, made later, online.
    const offlineAt = minutesAgo(20);
    expect((await call(priya, 'PUT', `/admin/transfers/complete/${transferId}`)).status).toBe(200);
    const queued = await call(sam, 'PUT', `/admin/transfers/incomplete/${transferId}`, {
      headers: { 'Device-Id': 'tablet-1', 'Occurred-At': offlineAt, 'Made-Offline': '1' },
    });
    expect(queued.status).toBe(200);
    // A view is a read: logged, never part of the history.
    const view = { action: 'view', collection: 'transfers', record_id: transferId, patient_user_id: null, occurred_at: minutesAgo(0), offline: false };
    expect((await call(priya, 'POST', '/admin/access-log', { body: { entries: [view] } })).status).toBe(200);

    const res = await history('transfers', transferId);
    expect(res.status).toBe(200);
    const shown = res.body.entries!.map((e) => [e.action, e.actor_name, e.offline, e.detail]);
    expect(shown).toEqual([
      ['status', expect.stringMatching(/^Priya/), false, { from: 'active', to: 'completed' }],
      ['status', expect.stringMatching(/^Sam/), true, { from: 'completed', to: 'active' }],
    ]);
    expect(res.body.entries![1]!.occurred_at).toBe(offlineAt);
    expect(res.body.entries![1]!.device_id).toBe('tablet-1');

    // The patient's history: the changes to their records.
    const patientHistory = await history('users', userId);
    expect(patientHistory.status).toBe(200);
    expect(patientHistory.body.entries!.map((e) => [e.collection, e.record_id, e.actor_name])).toEqual([
      ['transfers', transferId, expect.stringMatching(/^Priya/)],
      ['transfers', transferId, expect.stringMatching(/^Sam/)],
    ]);
    // A record nobody changed has an empty history.
    expect((await history('transfers', await insertTransfer(t.app))).body).toEqual({ entries: [] });
  });

  it('refuses bad input with a 400, an unknown record with a 404, and a patient with a 403', async () => {
    for (const path of ['widgets/1', 'savedReplies/1', 'transfers/abc', 'transfers/0', 'transfers/-3']) {
      const res = await call(priya, 'GET', `/admin/history/${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.error?.code, path).toBe('bad_request');
    }
    for (const path of ['transfers/987654', 'inquiries/987654', 'users/99999999999']) {
      const res = await call(priya, 'GET', `/admin/history/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.error?.code, path).toBe('not_found');
    }
    const transferId = await insertTransfer(t.app);
    expect((await history('transfers', transferId, patient)).status).toBe(403);
  });
});

describe('a reply written while someone else changed the inquiry', () => {
  const reply = (who: TestUser, id: number, text: string, seen?: 'new' | 'resolved') =>
    call(who, 'PUT', `/admin/messages/${id}/reply`, { body: { reply: text, ...(seen ? { seen_state: seen } : {}) } });

  it('is refused with a 409 naming the other change, who and when, and stores nothing; sent anyway it goes', async () => {
    const id = await insertInquiry(t.app);
    expect((await call(priya, 'PUT', `/admin/messages/${id}/resolve`)).status).toBe(200);

    const stale = await reply(sam, id, 'Yes, we carry it.', 'new');
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('stale_reply');
    expect(stale.body.other).toEqual({ state: 'resolved', reply: null, by: expect.stringMatching(/^Priya/), at: expect.any(String) });
    expect(Date.now() - Date.parse(stale.body.other!.at)).toBeLessThan(60_000);
    const [row] = await t.app.db.query<{ replied: boolean }>('SELECT replied FROM inquiries WHERE message_id = $1', [id]);
    expect(row!.replied).toBe(false);

    // Read again, sent anyway: the state the person now saw.
    expect((await reply(sam, id, 'Yes, we carry it.', 'resolved')).status).toBe(200);

    // Priya wrote hers against the resolved inquiry: Sam's reply is in, named.
    const late = await reply(priya, id, 'We do, no appointment needed.', 'resolved');
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('conflict');
    expect(late.body.other).toEqual({ state: 'replied', reply: 'Yes, we carry it.', by: expect.stringMatching(/^Sam/), at: expect.any(String) });
    expect((late.body.record as { reply: string }).reply).toBe('Yes, we carry it.');
  });

  it("does not count the person's own change as someone else's", async () => {
    const id = await insertInquiry(t.app);
    expect((await call(sam, 'PUT', `/admin/messages/${id}/resolve`)).status).toBe(200);
    expect((await reply(sam, id, 'Yes.', 'new')).status).toBe(200);
  });

  it("keeps the spec's body as it was: without seen_state a resolved inquiry takes the reply", async () => {
    const id = await insertInquiry(t.app, { resolved: true });
    expect((await reply(sam, id, 'Done.')).status).toBe(200);
  });
});
