// Staff names (issue 19) as the server says them: GET /role answers an admin's name and keeps it
// in `staff`; every access-log entry and audit event names the person who acted (their email
// when their account has none); a new name applies without a new sign-in while past entries
// keep the name they were written with; the access log's staff filter says today's names; the
// named demo staff sign in with their passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, ensureDemoAccounts } from '../../../src/server/identity/demo-accounts';
import type { AccessLogStaff } from '../../../src/shared/access-log';
import { API_BASE } from '../../../src/shared/constants';
import { rangeBody } from '../appointments/fixtures';
import { insertUser } from '../inquiries/fixtures';
import { unique } from '../prescriptions/fixtures';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTestUser, signIn, testAdminAuth, type TestUser } from '../support/tokens';
import { waitFor } from '../../support/wait-for';

let t: TestApp;

beforeAll(async () => {
  // A short role cache: a new name shows within the test, as it would within ROLE_CACHE.
  t = await bootTestApp({ seed: false, config: { roleCacheMs: 100 } });
}, 180_000);
afterAll(async () => t?.close());

/** An account given the admin role and `name` as `npm run admin -- grant --name` does. */
async function namedAdmin(name: string): Promise<TestUser> {
  const user = await createTestUser(null);
  await testAdminAuth().setCustomUserClaims(user.uid, { role: 'admin', staff_name: name });
  return user;
}

async function call(token: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: object) {
  const response = await t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: { ...bearer(token), ...(method === 'GET' ? {} : { 'idempotency-key': unique('key') }) },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function insertTransfer(): Promise<number> {
  const userId = await insertUser(t.app, { first_name: 'Ada', last_name: unique('Lovelace') });
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO transfers (user_id, first_name, last_name, phone_number, email, date_of_birth, postal_code,
       pharmacy_name, pharmacy_number, status)
     VALUES ($1, 'Ada', 'Lovelace', '416-555-0101', NULL, '1985-12-10', 'M5V 2T6', 'Bayview Drug Mart', '416-555-0199', 'active')
     RETURNING transfer_id AS id`,
    [userId],
  );
  return row!.id;
}

/** Completes a new transfer as `user`; the entry and the audit event it left. */
async function completeTransfer(user: TestUser) {
  const id = await insertTransfer();
  expect((await call(user.token, 'PUT', `/admin/transfers/complete/${id}`)).status).toBe(200);
  const [entry] = await t.db.query<{ actor_uid: string; actor_name: string | null }>(
    `SELECT actor_uid, actor_name FROM access_log WHERE collection = 'transfers' AND record_id = $1 AND action = 'status'`,
    [id],
  );
  const [event] = await t.db.query<{ actor_uid: string; actor_name: string | null }>(
    `SELECT actor_uid, actor_name FROM request_status_events WHERE entity = 'transfers' AND record_id = $1`,
    [id],
  );
  return { entry, event };
}

describe('GET /role', () => {
  it("answers an admin's name and keeps it in staff; no name for an admin without one, nor for another role", async () => {
    const priya = await namedAdmin('Priya Test');
    expect(await call(priya.token, 'GET', '/role')).toEqual({ status: 200, body: { role: 'admin', name: 'Priya Test' } });
    const [row] = await t.db.query('SELECT email, role, name FROM staff WHERE uid = $1', [priya.uid]);
    expect(row).toEqual({ email: priya.email, role: 'admin', name: 'Priya Test' });

    const unnamed = await createTestUser('admin');
    expect((await call(unnamed.token, 'GET', '/role')).body).toEqual({ role: 'admin' });
    const [unnamedRow] = await t.db.query('SELECT name FROM staff WHERE uid = $1', [unnamed.uid]);
    expect(unnamedRow).toEqual({ name: null });

    // A name kept from an earlier grant says nothing while the account is not an admin.
    const patient = await createTestUser(null);
    await testAdminAuth().setCustomUserClaims(patient.uid, { role: 'patient', staff_name: 'Former Staff' });
    expect((await call(patient.token, 'GET', '/role')).body).toEqual({ role: 'patient' });
  });

  it('ignores a claim the admin command would not have set', async () => {
    const odd = await createTestUser(null);
    await testAdminAuth().setCustomUserClaims(odd.uid, { role: 'admin', staff_name: 'A\u202eB' });
    expect((await call(odd.token, 'GET', '/role')).body).toEqual({ role: 'admin' });
    const { entry } = await completeTransfer(odd);
    expect(entry).toEqual({ actor_uid: odd.uid, actor_name: odd.email });
  });
});

describe('who did it', () => {
  it("is the staff member's name in the access log and in the audit events; their email without one", async () => {
    const priya = await namedAdmin('Priya Test');
    expect(await completeTransfer(priya)).toEqual({
      entry: { actor_uid: priya.uid, actor_name: 'Priya Test' },
      event: { actor_uid: priya.uid, actor_name: 'Priya Test' },
    });
    const unnamed = await createTestUser('admin');
    expect(await completeTransfer(unnamed)).toEqual({
      entry: { actor_uid: unnamed.uid, actor_name: unnamed.email },
      event: { actor_uid: unnamed.uid, actor_name: unnamed.email },
    });

    // Blocking hours, and what a device records itself (a view from its cache), too.
    const range = rangeBody(t.config.timeZone, { date: '2031-04-07', time: '11:00' }, { date: '2031-04-07', time: '11:30' });
    expect((await call(priya.token, 'POST', '/admin/appointments/block-range', range)).status).toBe(200);
    const [block] = await t.db.query(
      `SELECT actor_uid, actor_name FROM availability_events WHERE action = 'block' ORDER BY event_id DESC LIMIT 1`,
    );
    expect(block).toEqual({ actor_uid: priya.uid, actor_name: 'Priya Test' });
    const viewed = await call(priya.token, 'POST', '/admin/access-log', {
      entries: [{ action: 'list', collection: 'transfers', record_id: null, patient_user_id: null, occurred_at: new Date().toISOString(), offline: false }],
    });
    expect(viewed.status).toBe(200);
    const [list] = await t.db.query(
      `SELECT actor_name FROM access_log WHERE actor_uid = $1 AND action = 'list' ORDER BY entry_id DESC LIMIT 1`,
      [priya.uid],
    );
    expect(list).toEqual({ actor_name: 'Priya Test' });
  });

  it('follows a new name without a new sign-in; past entries keep the name they were written with', async () => {
    // Granted before names existed: the log names them by email.
    const marc = await createTestUser('admin');
    const before = await completeTransfer(marc);
    expect(before.entry!.actor_name).toBe(marc.email);

    await testAdminAuth().setCustomUserClaims(marc.uid, { role: 'admin', staff_name: 'Marc Test' });
    await waitFor('the new name', async () => (await call(marc.token, 'GET', '/role')).body.name === 'Marc Test', { timeout: 5_000 });
    expect((await completeTransfer(marc)).entry!.actor_name).toBe('Marc Test');

    await testAdminAuth().setCustomUserClaims(marc.uid, { role: 'admin', staff_name: 'Marc Test-Renamed' });
    await waitFor('the newer name', async () => (await call(marc.token, 'GET', '/role')).body.name === 'Marc Test-Renamed', { timeout: 5_000 });
    expect((await completeTransfer(marc)).entry!.actor_name).toBe('Marc Test-Renamed');

    const names = await t.db.query<{ actor_name: string }>(
      `SELECT actor_name FROM access_log WHERE actor_uid = $1 AND action = 'status' ORDER BY entry_id`,
      [marc.uid],
    );
    expect(names.map((row) => row.actor_name)).toEqual([marc.email, 'Marc Test', 'Marc Test-Renamed']);

    // The staff filter finds them by today's name, whatever their latest entry says, even before
    // their app asks GET /role again (a page left open): any call of theirs tells the server.
    await testAdminAuth().setCustomUserClaims(marc.uid, { role: 'admin', staff_name: 'Marc Final' });
    const staffList = async () => ((await call(marc.token, 'GET', '/admin/access-log/staff')).body as unknown as AccessLogStaff).staff;
    await waitFor('the final name in the filter', async () =>
      (await staffList()).some((s) => s.uid === marc.uid && s.name === 'Marc Final'), { timeout: 5_000 });
    const [row] = await t.db.query('SELECT name FROM staff WHERE uid = $1', [marc.uid]);
    expect(row).toEqual({ name: 'Marc Final' });
    const shown = (await staffList()).map((s) => s.name ?? s.uid);
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b)));
  });
});

describe('the named demo staff', () => {
  it('are created with their names and passwords, and sign in as admins named as the README says', async () => {
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
    const result = await ensureDemoAccounts(t.db, host);
    expect(result.problems).toEqual([]);
    for (const staff of DEMO_STAFF) {
      const token = await signIn(staff.email, staff.password);
      expect((await call(token, 'GET', '/role')).body).toEqual({ role: 'admin', name: staff.name });
    }
    // A second start creates nothing again.
    expect((await ensureDemoAccounts(t.db, host)).created).toBe(0);
  });
});
