// The access log as the server writes it (issue 18 section 1): each staff change once, with who,
// which device, when on the device and when received, whose data; nothing for a refusal, a repeat
// or a replayed key; the device's own entries exactly once; a whole list as one download entry;
// the screen's reads (filters, pages, staff), the CSV export and its own entry; the database
// refusing UPDATE and DELETE; the staff member's uid in the request log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAccessEntries, type NewAccessEntry } from '../../../src/server/repositories/access-log';
import {
  AccessLogEntrySchema,
  type AccessLogEntry,
  type AccessLogPage,
  type AccessLogStaff,
  type DeviceAccessEntry,
} from '../../../src/shared/access-log';
import { API_BASE } from '../../../src/shared/constants';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../src/shared/prescription-api';
import { insertBooking, rangeBody } from '../appointments/fixtures';
import { insertInquiry, insertUser } from '../inquiries/fixtures';
import { unique } from '../prescriptions/fixtures';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { captureLogs } from '../support/log-capture';
import { bearer, createTestUser, type TestUser } from '../support/tokens';
import { waitFor } from '../../support/wait-for';

let t: TestApp;
let admin: TestUser;
let colleague: TestUser;
let patient: TestUser;
const logs = captureLogs();

beforeAll(async () => {
  [t, admin, colleague, patient] = await Promise.all([
    bootTestApp({ seed: false, logStream: logs.stream }),
    createTestUser('admin'),
    createTestUser('admin'),
    createTestUser('patient'),
  ]);
  // A first run after a new migration builds the PGlite template (initdb), slow on a busy machine.
}, 180_000);
afterAll(async () => t?.close());

interface Res<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, unknown>;
}

async function call<T = unknown>(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  options: { token?: string; key?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Res<T>> {
  const response = await t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: {
      ...bearer(options.token ?? admin.token),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const json = String(response.headers['content-type']).startsWith('application/json');
  return {
    status: response.statusCode,
    body: (json && response.body ? JSON.parse(response.body) : null) as T,
    text: response.body,
    headers: response.headers,
  };
}

type Stored = AccessLogEntry & { prev_hash: string; hash: string };

/** Entries after `after` (an entry id), in the order written. */
async function entriesAfter(after: number): Promise<Stored[]> {
  return t.db.query<Stored>('SELECT * FROM access_log WHERE entry_id > $1 ORDER BY entry_id', [after]);
}
async function lastEntryId(): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('SELECT last_entry_id AS id FROM access_log_head');
  return row!.id;
}

async function insertPatientTransfer(status: 'active' | 'completed' = 'active') {
  const lastName = unique('Lovelace');
  const userId = await insertUser(t.app, { first_name: 'Ada', last_name: lastName });
  const [row] = await t.db.transaction((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO transfers (user_id, first_name, last_name, phone_number, email, date_of_birth, postal_code,
         pharmacy_name, pharmacy_number, status)
       VALUES ($1, 'Ada', $2, '416-555-0101', $3, '1985-12-10', 'M5V 2T6', 'Bayview Drug Mart', '416-555-0199', $4)
       RETURNING transfer_id AS id`,
      [userId, lastName, `${unique('ada')}@patients.test`, status],
    ),
  );
  return { transferId: row!.id, userId, name: `Ada ${lastName}` };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('a staff change', () => {
  it('is recorded once, with actor, device, times, patient and what changed', async () => {
    const { transferId, userId, name } = await insertPatientTransfer();
    const occurred = minutesAgo(3);
    const before = await lastEntryId();
    const sent = { key: unique('k'), headers: { 'Device-Id': 'tablet-7f3a', 'Occurred-At': occurred, 'Made-Offline': '1' } };
    const res = await call('PUT', `/admin/transfers/complete/${transferId}`, sent);
    expect(res.status).toBe(200);
    const [entry, ...more] = await entriesAfter(before);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_uid: admin.uid,
      actor_name: admin.email,
      device_id: 'tablet-7f3a',
      action: 'status',
      collection: 'transfers',
      record_id: transferId,
      patient_user_id: userId,
      patient_name: name,
      detail: { from: 'active', to: 'completed' },
      occurred_at: occurred,
      offline: true,
    });
    expect(Date.parse(entry!.received_at)).toBeGreaterThan(Date.parse(occurred));
    expect(Date.now() - Date.parse(entry!.received_at)).toBeLessThan(60_000);

    // The same key again: the stored answer, no second entry.
    const replay = await call('PUT', `/admin/transfers/complete/${transferId}`, sent);
    expect(replay.status).toBe(200);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    // Already so (a new key): a success with no effect, and no entry.
    expect((await call('PUT', `/admin/transfers/complete/${transferId}`, { key: unique('k') })).status).toBe(200);
    // Refused by the machine (completed cannot be flagged): the 409's transaction adds none.
    expect((await call('PUT', `/admin/transfers/flag/${transferId}`, { key: unique('k') })).status).toBe(409);
    // Unknown record: none.
    expect((await call('PUT', '/admin/transfers/complete/999999', { key: unique('k') })).status).toBe(404);
    expect(await entriesAfter(before)).toHaveLength(1);
  });

  it('is timed when it arrived when the device claims an unbelievable time or device', async () => {
    const cases: [string, Record<string, string>][] = [
      ['an hour ahead', { 'Occurred-At': new Date(Date.now() + 3_600_000).toISOString() }],
      ['older than the key retention', { 'Occurred-At': minutesAgo((t.config.idempotencyKeyDays + 1) * 24 * 60) }],
      ['not an instant', { 'Occurred-At': 'yesterday' }],
    ];
    for (const [what, headers] of cases) {
      const { transferId } = await insertPatientTransfer();
      const before = await lastEntryId();
      const res = await call('PUT', `/admin/transfers/flag/${transferId}`, { headers: { ...headers, 'Device-Id': 'not a device id!' } });
      expect(res.status, what).toBe(200);
      const [entry] = await entriesAfter(before);
      expect(entry!.occurred_at, what).toBe(entry!.received_at);
      expect(entry!.detail, what).toEqual({ from: 'active', to: 'flagged', claimed_occurred_at: headers['Occurred-At'] });
      expect(entry!.device_id, what).toBeNull();
      expect(entry!.offline, what).toBe(false);
    }
  });

  it('of every kind is recorded with its word and whose data', async () => {
    const before = await lastEntryId();
    const { transferId, name: transferPatient } = await insertPatientTransfer('completed');
    expect((await call('PUT', '/admin/prescription-request-notify/transfer', { body: { transfer_id: transferId } })).status).toBe(200);

    const askerId = await insertUser(t.app, { first_name: 'Iris', last_name: unique('Asker') });
    const messageId = await insertInquiry(t.app, { user_id: askerId, first_name: 'Iris', last_name: 'Asker' });
    expect((await call('PUT', `/admin/messages/${messageId}/resolve`)).status).toBe(200);
    expect((await call('PUT', `/admin/messages/${messageId}/unresolve`)).status).toBe(200);
    expect((await call('PUT', `/admin/messages/${messageId}/reply`, { body: { reply: 'Yes, walk in any time.' } })).status).toBe(200);

    const booking = await insertBooking(t.app, 'consultation', { date: '2031-03-04' });
    const appointmentId = booking.appointmentIds[0]!;
    const cancel = await call('PUT', `/admin/appointments/cancel/consultation/${appointmentId}`, {
      body: { consultation_id: booking.bookingId },
    });
    expect(cancel.status).toBe(200);

    const range = rangeBody(t.config.timeZone, { date: '2031-03-05', time: '11:00' }, { date: '2031-03-05', time: '12:00' });
    expect((await call('POST', '/admin/appointments/block-range', { body: range })).status).toBe(200);
    expect((await call('POST', '/admin/appointments/unblock-range', { body: range })).status).toBe(200);

    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.collection, e.patient_name])).toEqual([
      ['notify', 'transfers', transferPatient],
      ['resolve', 'inquiries', 'Iris Asker'],
      ['unresolve', 'inquiries', 'Iris Asker'],
      ['reply', 'inquiries', 'Iris Asker'],
      ['cancel', 'appointments', expect.stringMatching(/^Tomas Lindqvist-/)],
      ['block', null, null],
      ['unblock', null, null],
    ]);
    expect(entries[1]!.patient_user_id).toBe(askerId);
    expect(entries[4]).toMatchObject({ record_id: appointmentId, patient_user_id: null, detail: { from: 'scheduled', to: 'cancelled' } });
    // 11:00 to 12:00 touches the slots of 10:50, 11:10, 11:30 and 11:50.
    expect(entries[5]!.detail).toMatchObject({ ...range, blocked: 4 });
    expect(entries[6]!.detail).toMatchObject({ ...range, unblocked: 4 });
  });
});

describe('POST /admin/access-log (what happened on a device)', () => {
  it('records each entry once, with its own time, offline flag and whose data', async () => {
    const { transferId, userId, name } = await insertPatientTransfer();
    const pageUserId = await insertUser(t.app, { first_name: 'Lin', last_name: unique('Page') });
    const entries: DeviceAccessEntry[] = [
      { action: 'view', collection: 'transfers', record_id: transferId, patient_user_id: null, occurred_at: minutesAgo(90), offline: true },
      { action: 'view', collection: 'users', record_id: null, patient_user_id: pageUserId, occurred_at: minutesAgo(80), offline: true },
      { action: 'list', collection: 'transfers', record_id: null, patient_user_id: null, detail: { count: 12 }, occurred_at: minutesAgo(2), offline: false },
      { action: 'search', collection: 'transfers', record_id: null, patient_user_id: null, detail: { words: 'lovelace', count: 1 }, occurred_at: minutesAgo(1), offline: false },
    ];
    const before = await lastEntryId();
    const sent = { key: unique('access'), headers: { 'Device-Id': 'counter-tablet-1' }, body: { entries } };
    const first = await call<{ recorded: number }>('POST', '/admin/access-log', sent);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ recorded: 4 });
    // The outbox sends again when an answer was lost: the same key, nothing more.
    const again = await call<{ recorded: number }>('POST', '/admin/access-log', sent);
    expect(again.body).toEqual({ recorded: 4 });
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');

    const stored = await entriesAfter(before);
    expect(stored).toHaveLength(4);
    for (const entry of stored) expect(entry).toMatchObject({ actor_uid: admin.uid, actor_name: admin.email, device_id: 'counter-tablet-1' });
    expect(stored.map((e) => [e.action, e.record_id, e.patient_user_id, e.patient_name, e.occurred_at, e.offline, e.detail])).toEqual([
      ['view', transferId, userId, name, entries[0]!.occurred_at, true, null],
      ['view', null, pageUserId, expect.stringMatching(/^Lin Page-/), entries[1]!.occurred_at, true, null],
      ['list', null, null, null, entries[2]!.occurred_at, false, { count: 12 }],
      ['search', null, null, null, entries[3]!.occurred_at, false, { words: 'lovelace', count: 1 }],
    ]);
  });

  it('refuses what the log cannot hold, and records nothing', async () => {
    const before = await lastEntryId();
    const entry = { action: 'search', collection: 'users', record_id: null, patient_user_id: null, occurred_at: minutesAgo(1), offline: false };
    const nul = await call('POST', '/admin/access-log', { body: { entries: [{ ...entry, detail: { words: 'a\u0000b' } }] } });
    expect(nul.status).toBe(400);
    const unknown = await call('POST', '/admin/access-log', { body: { entries: [{ ...entry, action: 'status' }] } });
    expect(unknown.status).toBe(400);
    expect(await entriesAfter(before)).toEqual([]);
  });
});

describe('a whole-list download', () => {
  it('is one entry with its count, and so is a sync from the start; the pages after it and deltas none', async () => {
    await insertPatientTransfer();
    await insertBooking(t.app, 'vaccine', { date: '2031-04-01', people: 3 });
    const before = await lastEntryId();
    const transfers = await call<unknown[]>('GET', '/admin/transfers', { headers: { 'Device-Id': 'phone-2' } });
    const appointments = await call<unknown[]>('GET', '/admin/appointments-bookings');
    expect(transfers.body.length).toBeGreaterThan(1);
    // A device's first sync, one row a page: one entry for the whole list, none for what follows.
    const first = await call<{ cursor: string; more: boolean }>('GET', '/admin/transfers?since=0&limit=1');
    expect(first.body.more).toBe(true);
    expect((await call('GET', `/admin/transfers?since=${first.body.cursor}&limit=1`)).status).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.collection, e.detail, e.record_id, e.patient_user_id])).toEqual([
      ['download', 'transfers', { count: transfers.body.length }, null, null],
      ['download', 'appointments', { count: appointments.body.length }, null, null],
      ['download', 'transfers', { count: transfers.body.length, sync: true }, null, null],
    ]);
    expect(entries[0]).toMatchObject({ actor_uid: admin.uid, device_id: 'phone-2', offline: false });
    expect(entries[0]!.occurred_at).toBe(entries[0]!.received_at);
  });
});

describe('the reads the app does not make (it reads its cache) but other clients may', () => {
  it('are each recorded: a patient, an inquiry, an appointment and its people viewed, the slots and the widgets listed', async () => {
    const userId = await insertUser(t.app);
    const messageId = await insertInquiry(t.app, { user_id: userId });
    const booking = await insertBooking(t.app, 'vaccine', { date: '2031-05-02', people: 2 });
    const appointmentId = booking.appointmentIds[0]!;
    const before = await lastEntryId();
    const reads = [
      `/admin/users/${userId}`,
      `/admin/inquiries/${messageId}`,
      `/admin/appointments/modal-info/${appointmentId}/Vaccine`,
      `/admin/vaccination-members/${booking.bookingId}`,
      '/admin/appointments',
      '/admin/prescriptions-widget',
      '/admin/appointments-widget',
    ];
    for (const path of reads) expect((await call('GET', path)).status, path).toBe(200);
    // A read that finds nothing shows no patient's data: nothing recorded.
    expect((await call('GET', '/admin/users/999999')).status).toBe(404);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.collection, e.record_id, e.patient_user_id])).toEqual([
      ['view', 'users', userId, userId],
      ['view', 'inquiries', messageId, userId],
      ['view', 'appointments', appointmentId, null],
      ['view', null, null, null],
      ['download', 'appointments', null, null],
      ['list', null, null, null],
      ['list', null, null, null],
    ]);
    expect(entries[0]!.patient_name).toMatch(/^Mary /);
    expect(entries[2]!.patient_name).not.toBeNull();
    expect(entries[3]!.detail).toEqual({ vaccine_booking: booking.bookingId, members: 2 });
    expect(entries[5]!.detail).toMatchObject({ widget: 'prescriptions' });
    expect(entries[6]!.detail).toMatchObject({ widget: 'appointments' });
    expect(entries.every((e) => e.actor_uid === admin.uid)).toBe(true);
  });
});

describe('reading the log', () => {
  const RUN = unique('run');
  const staffA = `staff-a-${RUN}`;
  const staffB = `staff-b-${RUN}`;
  const surname = unique('Zweig');
  let written: NewAccessEntry[];

  beforeAll(async () => {
    const entry = (over: Partial<NewAccessEntry>): NewAccessEntry => ({
      actor_uid: staffA,
      actor_name: 'a@pharmacy.test',
      device_id: 'desk-1',
      action: 'view',
      collection: 'users',
      record_id: null,
      patient_user_id: 900001,
      patient_name: `Stefan ${surname}`,
      detail: null,
      occurred_at: '2025-03-10T15:00:00.000Z',
      offline: false,
      ...over,
    });
    written = [
      entry({}),
      entry({ occurred_at: '2025-03-11T15:00:00.000Z', action: 'status', collection: 'transfers', record_id: 5 }),
      entry({ occurred_at: '2025-03-12T03:30:00.000Z', actor_uid: staffB, actor_name: 'b@pharmacy.test' }),
      entry({ occurred_at: '2025-03-12T15:00:00.000Z', patient_user_id: 900002, patient_name: `Lotte ${surname}` }),
      // Arrived last, made first (offline): it takes its place by when it happened.
      entry({ occurred_at: '2025-03-09T15:00:00.000Z', offline: true, patient_name: `O"Brien, ${surname}` }),
      entry({ occurred_at: '2025-03-13T15:00:00.000Z', actor_uid: staffB, actor_name: 'b@pharmacy.test', patient_name: `=HYPERLINK("x") ${surname}` }),
    ];
    await t.db.transaction((tx) => appendAccessEntries(tx, written));
  });

  const list = async (query: string) => {
    const res = await call<AccessLogPage>('GET', `/admin/access-log?${query}`);
    expect(res.status, query).toBe(200);
    return res.body;
  };
  const names = (page: AccessLogPage) => page.entries.map((e) => `${e.occurred_at.slice(0, 13)} ${e.actor_uid === staffA ? 'A' : 'B'}`);

  it('answers newest first, filtered by patient, staff, action and the pharmacy days', async () => {
    const all = await list(`patient=${encodeURIComponent(surname.toUpperCase())}`);
    expect(names(all)).toEqual(['2025-03-13T15 B', '2025-03-12T15 A', '2025-03-12T03 B', '2025-03-11T15 A', '2025-03-10T15 A', '2025-03-09T15 A']);
    expect(all.next).toBeNull();
    expect(Object.keys(all.entries[0]!).sort()).toEqual(Object.keys(AccessLogEntrySchema.properties).sort());
    expect(all.entries.at(-1)).toMatchObject({ offline: true, device_id: 'desk-1', actor_name: 'a@pharmacy.test' });

    expect(names(await list(`staff=${staffB}`))).toEqual(['2025-03-13T15 B', '2025-03-12T03 B']);
    expect(names(await list(`staff=${staffA}&action=status`))).toEqual(['2025-03-11T15 A']);
    expect(names(await list(`patient=lotte%20${surname}`))).toEqual(['2025-03-12T15 A']);
    expect(names(await list(`patient_user_id=900002`))).toEqual(['2025-03-12T15 A']);
    // Toronto's 11 March runs 04:00Z to 04:00Z the next day: 03:30Z on the 12th is still the 11th.
    expect(names(await list(`patient=${surname}&from=2025-03-11&to=2025-03-11`))).toEqual(['2025-03-12T03 B', '2025-03-11T15 A']);
    // "%" and "_" match themselves.
    expect((await list(`patient=%25`)).entries).toEqual([]);
  });

  it('pages by cursor, and the pages put together are the whole answer', async () => {
    const whole = await list(`patient=${surname}`);
    const seen: number[] = [];
    let before: string | null = '';
    for (let pages = 0; before !== null; pages += 1) {
      expect(pages).toBeLessThan(5);
      const page = await list(`patient=${surname}&limit=4${before ? `&before=${before}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(4);
      seen.push(...page.entries.map((e) => e.entry_id));
      before = page.next;
    }
    expect(seen).toEqual(whole.entries.map((e) => e.entry_id));
    expect((await call('GET', '/admin/access-log?limit=501')).status).toBe(200);
    expect((await call('GET', '/admin/access-log?from=2025-02-30')).status).toBe(400);
    expect((await call('GET', '/admin/access-log?action=viewed')).status).toBe(400);
  });

  it('lists the staff the log names, for the filter', async () => {
    const res = await call<AccessLogStaff>('GET', '/admin/access-log/staff');
    expect(res.status).toBe(200);
    expect(res.body.staff).toEqual(expect.arrayContaining([
      { uid: staffA, name: 'a@pharmacy.test' },
      { uid: staffB, name: 'b@pharmacy.test' },
      { uid: admin.uid, name: admin.email },
    ]));
    expect(new Set(res.body.staff.map((s) => s.uid)).size).toBe(res.body.staff.length);
  });

  it('is not itself logged', async () => {
    const before = await lastEntryId();
    await list(`staff=${staffA}`);
    await call('GET', '/admin/access-log/staff');
    expect(await lastEntryId()).toBe(before);
  });

  it('exports the filtered rows as CSV, and the export is an entry of its own', async () => {
    const before = await lastEntryId();
    const res = await call('GET', `/admin/access-log/export.csv?patient=${surname}&staff=${staffA}`, { token: colleague.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="access-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual([
      'entry_id', 'occurred_at', 'received_at', 'actor_uid', 'actor_name', 'device_id', 'action', 'collection',
      'record_id', 'patient_user_id', 'patient_name', 'offline', 'detail',
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r[1])).toEqual(['2025-03-12T15:00:00.000Z', '2025-03-11T15:00:00.000Z', '2025-03-10T15:00:00.000Z', '2025-03-09T15:00:00.000Z']);
    expect(body[3]![10]).toBe(`O"Brien, ${surname}`);
    expect(body[3]![11]).toBe('true');
    expect(res.text).toContain(`"O""Brien, ${surname}"`);
    expect(res.text.endsWith('\r\n')).toBe(true);

    const [entry, ...more] = await entriesAfter(before);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'export',
      actor_uid: colleague.uid,
      detail: { count: 4, filters: { patient: surname, staff: staffA } },
    });

    // A spreadsheet would run this name as a formula: it is sent as text.
    const formula = parseCsv((await call('GET', `/admin/access-log/export.csv?staff=${staffB}&patient=${surname}`)).text);
    expect(formula[1]![10]).toBe(`'=HYPERLINK("x") ${surname}`);
  });
});

describe('the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of the log', async () => {
    const id = await lastEntryId();
    await expect(t.db.query("UPDATE access_log SET patient_name = 'someone else' WHERE entry_id = $1", [id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM access_log WHERE entry_id = $1', [id])).rejects.toThrow(/append-only/);
    await expect(t.db.exec('TRUNCATE access_log')).rejects.toThrow(/append-only/);
    // Not even where the purge's setting is asked for: it lets DELETE through, never UPDATE.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("SELECT set_config('pharmacy.access_log_purge', 'on', true)");
        await tx.query("UPDATE access_log SET patient_name = 'someone else' WHERE entry_id = $1", [id]);
      }),
    ).rejects.toThrow(/append-only/);
    expect(await t.db.query('SELECT 1 FROM access_log WHERE entry_id = $1', [id])).toHaveLength(1);
  });
});

describe('the request log', () => {
  it("names the staff member's account on each admin call, never a patient's", async () => {
    const before = logs.text().length;
    await call('GET', '/admin/access-log/staff');
    await call('GET', '/role', { token: patient.token });
    const lines = () =>
      logs
        .text()
        .slice(before)
        .split('\n')
        .filter((line) => line.includes('"msg":"request"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await waitFor('both requests logged', () => lines().length >= 2);
    const staffLine = lines().find((line) => line.route === `${API_BASE}/admin/access-log/staff`);
    const patientLine = lines().find((line) => line.route === `${API_BASE}/role`);
    expect(staffLine).toMatchObject({ uid: admin.uid, status: 200 });
    expect(patientLine).toBeDefined();
    expect(patientLine).not.toHaveProperty('uid');
    expect(logs.text().slice(before)).not.toContain(patient.uid);
  });
});

/** RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}
