// Claims and assignment (issue 19, section 3) on the server: claim, take over, assign to a staff
// member and unassign on the five assignable lists; two claims at once have one winner and the
// other is refused with a 409 naming the holder; a replayed Idempotency-Key has no second effect;
// bad input is a 400 that changes nothing; only admins may; the access log names the assignee.
// PGlite, or PostgreSQL with DATABASE_URL (the simultaneous claim takes a real row lock there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignBody } from '../../../src/shared/assignment';
import { API_BASE } from '../../../src/shared/constants';
import type { StaffMember } from '../../../src/shared/staff-directory';
import { insertInquiry } from '../inquiries/fixtures';
import { insertRx, insertTransfer, unique } from '../prescriptions/fixtures';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTestUser, testAdminAuth, type TestUser } from '../support/tokens';

let t: TestApp;
let priya: TestUser;
let omar: TestUser;
let patient: TestUser;

/** An account given the admin role and `name`, seen by the server (GET /role) as the app does. */
async function namedAdmin(name: string): Promise<TestUser> {
  const user = await createTestUser(null);
  await testAdminAuth().setCustomUserClaims(user.uid, { role: 'admin', staff_name: name });
  expect((await call(user.token, 'GET', '/role')).status).toBe(200);
  return user;
}

async function call(token: string, method: 'GET' | 'PUT', path: string, body?: object, key = unique('key')) {
  const response = await t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: { ...bearer(token), ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { error?: { code: string; message: string } } };
}

const assign = (user: TestUser, list: string, id: number, body: AssignBody, key?: string) =>
  call(user.token, 'PUT', `/admin/assignments/${list}/${id}`, body, key);
const claim = (user: TestUser, name: string, list: string, id: number, key?: string) =>
  assign(user, list, id, { mode: 'claim', assignee_uid: user.uid, assignee_name: name, expected_uid: null }, key);

async function assigneeOf(table: string, keyColumn: string, id: number) {
  const [row] = await t.db.query<{ assignee_uid: string | null; assignee_name: string | null }>(
    `SELECT assignee_uid, assignee_name FROM ${table} WHERE ${keyColumn} = $1`,
    [id],
  );
  return row;
}

async function entries(list: string, id: number) {
  return t.db.query<{ action: string; actor_name: string | null; patient_name: string | null; detail: Record<string, unknown> }>(
    `SELECT action, actor_name, patient_name, detail FROM access_log
     WHERE collection = $1 AND record_id = $2 AND action IN ('assign', 'unassign', 'take-over') ORDER BY entry_id`,
    [list, id],
  );
}

beforeAll(async () => {
  // A short role cache: a role taken away is seen within the test, as it is within ROLE_CACHE.
  t = await bootTestApp({ seed: false, config: { roleCacheMs: 100 } });
  [priya, omar, patient] = await Promise.all([namedAdmin('Priya Test'), namedAdmin('Omar Test'), createTestUser('patient')]);
}, 180_000);
afterAll(async () => t?.close());

describe('assignment', () => {
  it('claims a transfer once for a replayed key, and the access log names the assignee and the patient', async () => {
    const id = await insertTransfer(t.app);
    const key = unique('claim');
    const first = await claim(priya, 'Priya Test', 'transfers', id, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ transfer_id: id, assignee_uid: priya.uid, assignee_name: 'Priya Test' });
    const replay = await claim(priya, 'Priya Test', 'transfers', id, key);
    expect(replay).toEqual(first);
    // The same claim under a new key: already so, no second entry.
    expect((await claim(priya, 'Priya Test', 'transfers', id)).status).toBe(200);
    const logged = await entries('transfers', id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ action: 'assign', actor_name: 'Priya Test', detail: { assignee: 'Priya Test', assignee_uid: priya.uid } });
    expect(logged[0]!.patient_name).toBeTruthy();
  });

  it('two claims at once: one wins, the other gets a 409 naming the holder; a take-over is recorded', async () => {
    const id = await insertRx(t.app, 'refill_requests');
    const [a, b] = await Promise.all([claim(priya, 'Priya Test', 'refills', id), claim(omar, 'Omar Test', 'refills', id)]);
    const results = [a, b].sort((x, y) => x.status - y.status);
    expect(results.map((result) => result.status)).toEqual([200, 409]);
    const winner = results[0]!.body.assignee_name as string;
    expect(['Priya Test', 'Omar Test']).toContain(winner);
    expect(results[1]!.body.error).toEqual({ code: 'assigned', message: `${winner} has this.` });
    expect(results[1]!.body.record).toMatchObject({ id, assignee_name: winner });
    expect((await assigneeOf('refill_requests', 'id', id))!.assignee_name).toBe(winner);
    expect(await entries('refills', id)).toHaveLength(1);

    const loser = winner === 'Priya Test' ? omar : priya;
    const loserName = winner === 'Priya Test' ? 'Omar Test' : 'Priya Test';
    const taken = await assign(loser, 'refills', id, { mode: 'take-over', assignee_uid: loser.uid, assignee_name: loserName });
    expect(taken.status).toBe(200);
    expect(await assigneeOf('refill_requests', 'id', id)).toEqual({ assignee_uid: loser.uid, assignee_name: loserName });
    const logged = await entries('refills', id);
    expect(logged.map((entry) => entry.action)).toEqual(['assign', 'take-over']);
    expect(logged[1]!.detail).toMatchObject({ assignee: loserName, from: winner });
  });

  it('assigns to a staff member by uid with the name the server knows, and unassigns', async () => {
    const id = await insertInquiry(t.app);
    const assigned = await assign(priya, 'inquiries', id, { mode: 'assign', assignee_uid: omar.uid, assignee_name: 'whatever the device said' });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ message_id: id, assignee_uid: omar.uid, assignee_name: 'Omar Test' });
    const unassigned = await assign(priya, 'inquiries', id, { mode: 'unassign', assignee_uid: null, assignee_name: null });
    expect(unassigned.status).toBe(200);
    expect(unassigned.body).toMatchObject({ assignee_uid: null, assignee_name: null });
    const logged = await entries('inquiries', id);
    expect(logged.map((entry) => [entry.action, entry.detail.assignee ?? null])).toEqual([
      ['assign', 'Omar Test'],
      ['unassign', null],
    ]);
    expect(logged[1]!.detail).toMatchObject({ from: 'Omar Test' });
  });

  it('works on autofill and reminders, and the list routes carry the assignee', async () => {
    for (const [table, list, path, key] of [
      ['autofill_enrolments', 'autofill', '/admin/autofill', 'refillId'],
      ['refill_reminder_enrolments', 'reminders', '/admin/refill-reminders', 'id'],
    ] as const) {
      const id = await insertRx(t.app, table);
      expect((await claim(omar, 'Omar Test', list, id)).status).toBe(200);
      const rows = (await t.app.inject({ method: 'GET', url: `${API_BASE}${path}`, headers: bearer(priya.token) })).json() as Record<string, unknown>[];
      expect(rows.find((row) => row[key] === id)).toMatchObject({ assignee_uid: omar.uid, assignee_name: 'Omar Test' });
    }
  });

  it('bad input is a 400 that changes nothing', async () => {
    const id = await insertTransfer(t.app);
    const cases: object[] = [
      { mode: 'grab', assignee_uid: priya.uid, assignee_name: null },
      { mode: 'claim', assignee_uid: null, assignee_name: null },
      { mode: 'unassign', assignee_uid: priya.uid, assignee_name: null },
      // A claim for someone else, and an assignment to someone who is no staff member.
      { mode: 'claim', assignee_uid: omar.uid, assignee_name: 'Omar Test', expected_uid: null },
      { mode: 'assign', assignee_uid: patient.uid, assignee_name: 'Not staff' },
    ];
    for (const body of cases) {
      const res = await call(priya.token, 'PUT', `/admin/assignments/transfers/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('bad_request');
    }
    expect((await call(priya.token, 'PUT', '/admin/assignments/transfers/abc', { mode: 'unassign', assignee_uid: null, assignee_name: null })).status).toBe(400);
    expect((await call(priya.token, 'PUT', '/admin/assignments/transfers/99999999', { mode: 'unassign', assignee_uid: null, assignee_name: null })).status).toBe(404);
    expect(await assigneeOf('transfers', 'transfer_id', id)).toEqual({ assignee_uid: null, assignee_name: null });
    expect(await entries('transfers', id)).toEqual([]);
  });

  it('refuses a non-admin with 403 and changes nothing', async () => {
    const id = await insertTransfer(t.app);
    const res = await claim(patient, 'Patient', 'transfers', id);
    expect(res.status).toBe(403);
    expect(await assigneeOf('transfers', 'transfer_id', id)).toEqual({ assignee_uid: null, assignee_name: null });
  });

  it('refuses to assign to someone whose role was taken away, and the directory stops offering them', async () => {
    const leaving = await namedAdmin('Lea Leaving');
    const id = await insertTransfer(t.app);
    await testAdminAuth().setCustomUserClaims(leaving.uid, {});
    await new Promise((resolve) => setTimeout(resolve, 150));
    const res = await assign(priya, 'transfers', id, { mode: 'assign', assignee_uid: leaving.uid, assignee_name: 'Lea Leaving' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'not_staff', message: 'Lea Leaving is no longer on the staff.' } });
    expect(await assigneeOf('transfers', 'transfer_id', id)).toEqual({ assignee_uid: null, assignee_name: null });
    const directory = await t.app.inject({ method: 'GET', url: `${API_BASE}/admin/staff`, headers: bearer(priya.token) });
    expect((directory.json() as StaffMember[]).find((member) => member.uid === leaving.uid)).toMatchObject({ role: 'none' });
  });

  it('the staff directory lists the admins seen, without patient data, and leaves no access-log entry', async () => {
    const before = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM access_log WHERE collection = 'staff'`);
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/admin/staff`, headers: bearer(priya.token) });
    expect(res.statusCode).toBe(200);
    const members = res.json() as StaffMember[];
    expect(members.find((member) => member.uid === omar.uid)).toMatchObject({ name: 'Omar Test', role: 'admin' });
    expect(Object.keys(members[0]!).sort()).toEqual(['email', 'name', 'role', 'staff_id', 'uid']);
    const after = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM access_log WHERE collection = 'staff'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
