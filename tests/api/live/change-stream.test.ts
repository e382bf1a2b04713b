// GET /admin/changes (issue 8): who may open it, what travels on it (list names and cursors, no
// patient data), that the feed comes from the database (a row written by another program), that
// it ends when the token expires or the role goes, and that the app's own stream client catches
// up every change it missed while disconnected.
import 'fake-indexeddb/auto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStreamState, startChangeStream } from '../../../src/client/offline/change-stream';
import { setApiOrigin } from '../../../src/client/offline/http';
import { authGate, setTokenSource } from '../../../src/client/offline/session';
import { sessionState } from '../../../src/client/offline/session-state';
import { syncCollection } from '../../../src/client/offline/sync-engine';
import { COLLECTION_NAMES } from '../../../src/shared/collections';
import { SYNCED_LISTS } from '../../../src/server/repositories/list-registry';
import { insertTransfer } from '../prescriptions/fixtures';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser, expiredToken, GARBAGE_TOKEN, shortLivedToken, testAdminAuth, type TestUser } from '../support/tokens';
import { openStream, type TestStream } from './sse-client';
import { cachedList } from '../../support/cached-list';
import { freshDevice } from '../../support/fresh-device';

let t: TestApp;
let admin: TestUser;
let patient: TestUser;
let nobody: TestUser;
const streams: TestStream[] = [];

async function stream(token: string | null, prefix?: string): Promise<TestStream> {
  const opened = await openStream(t.baseUrl, token, prefix);
  streams.push(opened);
  return opened;
}

async function put(path: string, token = admin.token): Promise<number> {
  const response = await t.app.inject({ method: 'PUT', url: `/nodejsapp/api${path}`, headers: { authorization: `Bearer ${token}` } });
  return response.statusCode;
}

beforeAll(async () => {
  await freshDevice();
  [t, admin, patient, nobody] = await Promise.all([
    // Short re-checks and role cache, so a lost role ends the stream within this test's patience.
    bootTestApp({ config: { streamRecheckMs: 300, roleCacheMs: 100, streamHeartbeatMs: 200 } }),
    createTestUser('admin'),
    createTestUser('patient'),
    createTestUser(null),
  ]);
});

afterAll(async () => {
  streams.forEach((s) => s.close());
  await t?.close();
});

describe('GET /admin/changes refuses', () => {
  it.each([
    ['no token', 401, (): string | null => null],
    ['a garbage token', 401, (): string | null => GARBAGE_TOKEN],
    ['an expired token', 401, () => expiredToken(admin.uid, admin.email)],
    ['a patient', 403, () => patient.token],
    ['a signed-in person without a role', 403, () => nobody.token],
  ] as const)('%s (%i, a JSON error, no stream)', async (_what, status, token) => {
    for (const prefix of ['/nodejsapp/api', '/api']) {
      const s = await stream(token(), prefix);
      expect(s.status).toBe(status);
      expect((s.refusal as { error: { code: string } }).error.code).toBeTruthy();
    }
  });

  it('never takes the token from the URL', async () => {
    const response = await fetch(`${t.baseUrl}/nodejsapp/api/admin/changes?token=${admin.token}&access_token=${admin.token}`);
    expect(response.status).toBe(401);
  });
});

describe('the stream of an admin', () => {
  it('opens with every list cursor, then sends heartbeats', async () => {
    const s = await stream(admin.token);
    expect(s.status).toBe(200);
    const first = await s.next(() => true);
    expect(first.event).toBe('cursors');
    const lists = first.data.lists as Record<string, string>;
    expect(Object.keys(lists).sort()).toEqual([...COLLECTION_NAMES].sort());
    const [max] = await t.db.query<{ n: number }>(
      `SELECT GREATEST((SELECT max(change_no) FROM transfers), (SELECT COALESCE(max(change_no), 0) FROM tombstones WHERE entity = 'transfers')) AS n`,
    );
    expect(lists.transfers).toBe(String(max!.n));
    await expect.poll(() => s.raw().includes(': heartbeat'), { timeout: 2000 }).toBe(true);
  });

  it('tells of a status change within a second, with no patient data on the wire', async () => {
    const id = await insertTransfer(t.app, { first_name: 'Wilhelmina', phone_number: '416-555-8642' });
    const [row] = await t.db.query<{ last_name: string; email: string }>('SELECT last_name, email FROM transfers WHERE transfer_id = $1', [id]);
    const s = await stream(admin.token);
    await s.next((e) => e.event === 'cursors');
    const from = s.events.length;
    const started = performance.now();
    expect(await put(`/admin/transfers/flag/${id}`)).toBe(200);
    const change = await s.next((e) => e.event === 'change' && e.data.list === 'transfers', 1000, from);
    expect(change.at - started).toBeLessThan(1000);
    const [{ change_no: changeNo }] = (await t.db.query<{ change_no: number }>('SELECT change_no FROM transfers WHERE transfer_id = $1', [id])) as [
      { change_no: number },
    ];
    expect(Number(change.data.cursor)).toBeGreaterThanOrEqual(changeNo);

    // On the wire: only list names, cursors, comments and presence (staff and record ids, issue
    // 19). None of the record's fields or values.
    const wire = s.raw();
    for (const value of ['Wilhelmina', row!.last_name, row!.email, '416-555-8642', 'first_name', 'email', 'phone', 'date_of_birth', 'flagged']) {
      expect(wire).not.toContain(value);
    }
    for (const event of s.events) {
      const keys = event.event === 'presence' ? ['all', 'set', 'gone'] : ['lists', 'list', 'cursor', 'status', 'code'];
      expect(Object.keys(event.data).every((key) => keys.includes(key))).toBe(true);
    }
  });

  it('tells nothing of a status request that changes nothing (a repeat, a missing record)', async () => {
    const id = await insertTransfer(t.app, {});
    expect(await put(`/admin/transfers/flag/${id}`)).toBe(200);
    const s = await stream(admin.token);
    await s.next((e) => e.event === 'cursors');
    const from = s.events.length;
    expect(await put(`/admin/transfers/flag/${id}`)).toBe(200);
    expect(await put(`/admin/transfers/flag/999999999`)).toBe(404);
    await expect(s.next((e) => e.event === 'change' && e.data.list === 'transfers', 800, from)).rejects.toThrow();
    // The stream is alive: a real change is told.
    expect(await put(`/admin/transfers/unflag/${id}`)).toBe(200);
    await s.next((e) => e.event === 'change' && e.data.list === 'transfers', 1000, from);
  });

  it('hears a row written straight into the database, as the customer site would', async () => {
    const s = await stream(admin.token);
    await s.next((e) => e.event === 'cursors');
    const from = s.events.length;
    // Not through the app's routes nor its write transaction: a plain INSERT.
    await t.db.query(
      `INSERT INTO inquiries (first_name, last_name, email, phone_number, message) VALUES ('Guest', 'Writer', 'guest@example.test', '555-0100', 'Open Sunday?')`,
    );
    await s.next((e) => e.event === 'change' && e.data.list === 'inquiries', 1000, from);
  });

  it('covers the table of every cached list', async () => {
    const s = await stream(admin.token);
    await s.next((e) => e.event === 'cursors');
    const from = s.events.length;
    // A statement that changes nothing still fires a statement trigger: one per list's table. It
    // tells the change sequence's last number, which a change number drawn here puts past every
    // list's newest (the stream tells no cursor its client has already).
    await t.db.query("SELECT nextval('change_seq')");
    for (const name of COLLECTION_NAMES) await t.db.query(`UPDATE ${SYNCED_LISTS[name].table} SET change_no = change_no WHERE false`);
    for (const name of COLLECTION_NAMES) {
      await s.next((e) => e.event === 'change' && e.data.list === name, 2000, from);
    }
  });

  it('ends with 401 when the token expires', async () => {
    const s = await stream(shortLivedToken(admin.uid, admin.email, 2));
    expect(s.status).toBe(200);
    const end = await s.next((e) => e.event === 'end', 5000);
    expect(end.data).toEqual({ status: 401, code: 'token_expired' });
    await s.closed;
  });

  it('ends with 403 soon after the admin role is taken away', async () => {
    const leaving = await createTestUser('admin');
    const s = await stream(leaving.token);
    await s.next((e) => e.event === 'cursors');
    const revokedAt = performance.now();
    await testAdminAuth().setCustomUserClaims(leaving.uid, { role: 'patient' });
    const end = await s.next((e) => e.event === 'end', 5000);
    expect(end.data.status).toBe(403);
    expect(end.at - revokedAt).toBeLessThan(5000);
    await s.closed;
  });
});

describe('with the production role cache (30 s)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await bootTestApp({ seed: false, config: { streamRecheckMs: 300, roleCacheMs: 30_000 } });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('a role taken away still ends the stream within its recheck: the stream reads the account afresh', async () => {
    const leaving = await createTestUser('admin');
    // The account's standing is in the role cache (this request read it) before the stream opens.
    expect((await fetch(`${cached.baseUrl}/nodejsapp/api/role`, { headers: { authorization: `Bearer ${leaving.token}` } })).status).toBe(200);
    const s = await openStream(cached.baseUrl, leaving.token);
    streams.push(s);
    await s.next((e) => e.event === 'cursors');
    const revokedAt = performance.now();
    await testAdminAuth().setCustomUserClaims(leaving.uid, {});
    const end = await s.next((e) => e.event === 'end', 5000);
    expect(end.data.status).toBe(403);
    expect(end.at - revokedAt).toBeLessThan(3000);
    await s.closed;
  });
});

describe("the app's stream client", () => {
  it('catches up every change it missed while disconnected, by cursor', async () => {
    setApiOrigin(t.baseUrl);
    sessionState.set({ status: 'verified', person: { uid: admin.uid, email: admin.email } });
    setTokenSource(async () => ({ uid: admin.uid, token: admin.token }));
    authGate.set('open');
    await syncCollection('transfers');
    const ids = await Promise.all([0, 1, 2].map(() => insertTransfer(t.app)));
    const doomed = await insertTransfer(t.app);
    const othersListening = t.app.changeFeed.size;

    let stop = startChangeStream({ maxRetryMs: 200 });
    await expect.poll(() => changeStreamState.get(), { timeout: 5000 }).toBe('live');
    // Live: a change arrives by the stream alone (no periodic sync runs in this test).
    expect(await put(`/admin/transfers/flag/${ids[0]}`)).toBe(200);
    await expect.poll(async () => (await cachedList('transfers').get(ids[0]!))?.status, { timeout: 2000 }).toBe('flagged');

    stop();
    await expect.poll(() => changeStreamState.get(), { timeout: 2000 }).toBe('off');
    // The server has let go of the stream: nothing can reach the device until it comes back.
    await expect.poll(() => t.app.changeFeed.size, { timeout: 2000 }).toBe(othersListening);
    // While away: updates, a new transfer and a deletion.
    expect(await put(`/admin/transfers/complete/${ids[1]}`)).toBe(200);
    expect(await put(`/admin/transfers/flag/${ids[2]}`)).toBe(200);
    const added = await insertTransfer(t.app, { first_name: 'Latecomer' });
    await t.db.query('DELETE FROM transfers WHERE transfer_id = $1', [doomed]);
    expect((await cachedList('transfers').get(ids[1]!))?.status).toBe('active');

    stop = startChangeStream({ maxRetryMs: 200 });
    try {
      await expect
        .poll(
          async () => ({
            completed: (await cachedList('transfers').get(ids[1]!))?.status,
            flagged: (await cachedList('transfers').get(ids[2]!))?.status,
            added: (await cachedList('transfers').get(added))?.first_name,
            deleted: await cachedList('transfers').get(doomed),
          }),
          { timeout: 3000 },
        )
        .toEqual({ completed: 'completed', flagged: 'flagged', added: 'Latecomer', deleted: undefined });
    } finally {
      stop();
    }
  });

  it('reconnects by itself when the connection drops, and catches up what changed meanwhile', async () => {
    // A pass-through proxy whose open connections the test can cut (the network dropping).
    const sockets = new Set<Socket>();
    const upstream = new URL(t.baseUrl);
    const proxy = http.createServer((req, res) => {
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    proxy.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    setApiOrigin(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    const id = await insertTransfer(t.app);
    await syncCollection('transfers');
    const stop = startChangeStream({ maxRetryMs: 300 });
    try {
      await expect.poll(() => changeStreamState.get(), { timeout: 5000 }).toBe('live');
      // Cut every connection, change the record while nothing listens, and let the client be.
      sockets.forEach((socket) => socket.destroy());
      expect(await put(`/admin/transfers/complete/${id}`)).toBe(200);
      await expect.poll(async () => (await cachedList('transfers').get(id))?.status, { timeout: 5000 }).toBe('completed');
      expect(changeStreamState.get()).toBe('live');
    } finally {
      stop();
      setApiOrigin(t.baseUrl);
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('asks for a fresh token when the server ends the stream with 401, and streams on', async () => {
    const asked: boolean[] = [];
    setTokenSource(async (forceRefresh) => {
      asked.push(forceRefresh);
      // The cached token is about to expire; a refreshed one is good.
      return { uid: admin.uid, token: forceRefresh ? admin.token : shortLivedToken(admin.uid, admin.email, 1) };
    });
    const stop = startChangeStream({ maxRetryMs: 300 });
    try {
      await expect.poll(() => changeStreamState.get(), { timeout: 5000 }).toBe('live');
      await expect.poll(() => asked.includes(true), { timeout: 5000 }).toBe(true);
      await expect.poll(() => changeStreamState.get(), { timeout: 5000 }).toBe('live');
      const id = await insertTransfer(t.app, { first_name: 'Refreshed' });
      await expect.poll(async () => (await cachedList('transfers').get(id))?.first_name, { timeout: 3000 }).toBe('Refreshed');
    } finally {
      stop();
      setTokenSource(async () => ({ uid: admin.uid, token: admin.token }));
    }
  });
});
