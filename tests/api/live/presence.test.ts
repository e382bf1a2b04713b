// POST /admin/presence and the stream's `presence` events (issue 19 §2): a tab's state reaches
// every other stream with the staff name, a new stream is told who is where, the presence ends
// with the device's stream and, as a safety net, after presenceTtlMs; bad input is a 400 that
// changes nothing. On PostgreSQL (CI's second API run), across two instances: a state said
// through A reaches a stream on B, an instance started later learns what is already there, and
// what an instance that went silent had said expires.
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { PresenceEntry, PresenceState } from '../../../src/shared/presence';
import { bootTestApp, testConfig, type TestApp } from '../support/boot-test-app';
import { createServerDatabase } from '../support/fresh-database';
import { createTestUser, signIn, testAdminAuth, type TestUser } from '../support/tokens';
import { openStream, type StreamEvent, type TestStream } from './sse-client';

const TTL_MS = 2500;
const streams: TestStream[] = [];
let priya: TestUser;
let omar: TestUser;

async function named(name: string): Promise<TestUser> {
  const user = await createTestUser('admin');
  await testAdminAuth().setCustomUserClaims(user.uid, { role: 'admin', staff_name: name });
  return { ...user, token: await signIn(user.email, user.password) };
}

async function deviceStream(baseUrl: string, user: TestUser, device: string): Promise<TestStream> {
  const opened = await openStream(baseUrl, user.token, undefined, { 'device-id': device });
  streams.push(opened);
  await opened.next((e) => e.event === 'presence' && 'all' in e.data);
  return opened;
}

function say(baseUrl: string, user: TestUser, device: string | null, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/nodejsapp/api/admin/presence`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', ...(device ? { 'device-id': device } : {}) },
    body: JSON.stringify(body),
  });
}

const viewing = (tab: string, id: string, typing = false): PresenceState => ({ tab, list: 'transfers', id, typing });
const isSet = (device: string, check: (entry: PresenceEntry) => boolean = () => true) => (e: StreamEvent) =>
  e.event === 'presence' && 'set' in e.data && (e.data.set as PresenceEntry).device === device && check(e.data.set as PresenceEntry);
const isGone = (device: string) => (e: StreamEvent) =>
  e.event === 'presence' && 'gone' in e.data && (e.data.gone as { device: string }).device === device;

beforeAll(async () => {
  [priya, omar] = await Promise.all([named('Priya Shah'), named('Omar Haddad')]);
});

afterAll(() => {
  streams.forEach((s) => s.close());
});

describe('presence on one server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ seed: false, config: { presenceTtlMs: TTL_MS } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a tab’s state reaches the other devices with the staff name, and a new stream is told it first', async () => {
    await deviceStream(t.baseUrl, priya, 'dev-priya');
    const omars = await deviceStream(t.baseUrl, omar, 'dev-omar');
    const from = omars.events.length;
    const sent = performance.now();
    expect((await say(t.baseUrl, priya, 'dev-priya', viewing('tab-1', '7'))).status).toBe(204);
    const seen = await omars.next(isSet('dev-priya'), 1000, from);
    expect(seen.at - sent).toBeLessThan(1000);
    expect(seen.data.set).toEqual({ device: 'dev-priya', tab: 'tab-1', uid: priya.uid, name: 'Priya Shah', list: 'transfers', id: '7', typing: false });

    await say(t.baseUrl, priya, 'dev-priya', { tab: 'tab-1', list: 'inquiries', id: '12', typing: true });
    await omars.next(isSet('dev-priya', (entry) => entry.typing && entry.list === 'inquiries'), 1000, from);

    // Saying the same again tells nobody anything.
    const before = omars.events.length;
    await say(t.baseUrl, priya, 'dev-priya', { tab: 'tab-1', list: 'inquiries', id: '12', typing: true });
    const late = await deviceStream(t.baseUrl, omar, 'dev-omar-2');
    expect(late.events.find((e) => e.event === 'presence')!.data.all).toContainEqual(expect.objectContaining({ device: 'dev-priya', id: '12', typing: true }));
    expect(omars.events.slice(before).filter(isSet('dev-priya'))).toHaveLength(0);

    // Nothing open: gone.
    await say(t.baseUrl, priya, 'dev-priya', { tab: 'tab-1', list: null, id: null, typing: false });
    await omars.next(isGone('dev-priya'), 1000, from);
  });

  it('ends when the device’s stream ends, and expires when not said again', async () => {
    const priyas = await deviceStream(t.baseUrl, priya, 'dev-closing');
    const omars = await deviceStream(t.baseUrl, omar, 'dev-watching');
    let from = omars.events.length;
    await say(t.baseUrl, priya, 'dev-closing', viewing('tab-1', '8'));
    await omars.next(isSet('dev-closing'), 1000, from);
    priyas.close();
    const closed = performance.now();
    const gone = await omars.next(isGone('dev-closing'), 2000, from);
    expect(gone.at - closed).toBeLessThan(1000);

    // The stream stays open, the state is not said again: it goes after the TTL.
    await deviceStream(t.baseUrl, priya, 'dev-quiet');
    from = omars.events.length;
    await say(t.baseUrl, priya, 'dev-quiet', viewing('tab-1', '9'));
    const set = await omars.next(isSet('dev-quiet'), 1000, from);
    const expired = await omars.next(isGone('dev-quiet'), TTL_MS + 3000, from);
    expect(expired.at - set.at).toBeGreaterThanOrEqual(TTL_MS - 100);
  });

  it.each([
    ['no Device-Id', null, viewing('tab-1', '1'), 'device_required', /Device-Id/],
    ['an unknown list', 'dev-bad', { tab: 'tab-1', list: 'patients', id: '1', typing: false }, 'bad_request', /^list must be one of transfers/],
    ['a list without an id', 'dev-bad', { tab: 'tab-1', list: 'transfers', id: null, typing: false }, 'bad_request', /list and id go together/],
    ['typing with nothing open', 'dev-bad', { tab: 'tab-1', list: null, id: null, typing: true }, 'bad_request', /typing needs a record/],
    ['a bad tab', 'dev-bad', { tab: 'tab one!', list: null, id: null, typing: false }, 'bad_request', /^tab must be 1 to 64/],
    ['no stream for the device', 'dev-streamless', viewing('tab-1', '1'), 'no_stream', /change stream/],
  ])('refuses %s with a clear error and tells no one', async (_name, device, body, code, message) => {
    const omars = await deviceStream(t.baseUrl, omar, `dev-witness-${code}`);
    if (device === 'dev-bad') await deviceStream(t.baseUrl, priya, 'dev-bad');
    const from = omars.events.length;
    const response = await say(t.baseUrl, priya, device, body);
    expect(response.status).toBe(code === 'no_stream' ? 409 : 400);
    const answer = (await response.json()) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe(code);
    expect(answer.error.message).toMatch(message);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(omars.events.slice(from).filter((e) => e.event === 'presence' && 'set' in e.data)).toHaveLength(0);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('presence across instances on one PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  const instances: { app: FastifyInstance; url: string }[] = [];

  async function start(name: string) {
    const app = await buildApp(testConfig(path.join(dataDir, name), database.url));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    instances.push({ app, url });
    return url;
  }

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-presence-'));
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    // A connection of the test's left open to an instance (seen: each close then took 60 s, the
    // whole file 78 s instead of 18) goes first.
    await Promise.all(
      instances.map(({ app }) => {
        app.server.closeAllConnections();
        return app.close();
      }),
    );
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a state said through A reaches B within a second, an instance started later learns it, and it ends with the stream', async () => {
    const a = await start('A');
    const priyas = await deviceStream(a, priya, 'pg-priya');
    await say(a, priya, 'pg-priya', viewing('tab-1', '3'));
    const b = await start('B');
    // B asked the others for what they hold as it started.
    const omars = await deviceStream(b, omar, 'pg-omar');
    await omars.next(
      (e) => e.event === 'presence' && ((('all' in e.data) && (e.data.all as PresenceEntry[]).some((x) => x.device === 'pg-priya')) || isSet('pg-priya')(e)),
      2000,
    );
    const from = omars.events.length;
    const sent = performance.now();
    await say(a, priya, 'pg-priya', viewing('tab-1', '4', true));
    const seen = await omars.next(isSet('pg-priya', (entry) => entry.id === '4' && entry.typing), 1000, from);
    expect(seen.at - sent).toBeLessThan(1000);
    priyas.close();
    await omars.next(isGone('pg-priya'), 1000, from);
  });

  it('what an instance that went silent had said expires within 10 s', async () => {
    const b = instances[1]!.url;
    const omars = await deviceStream(b, omar, 'pg-omar-2');
    const from = omars.events.length;
    // An instance that says one thing and is never heard again (a killed process).
    const ghost = new pg.Client({ connectionString: database.url });
    await ghost.connect();
    const entry: PresenceEntry = { device: 'pg-ghost', tab: 'tab-1', uid: priya.uid, name: 'Priya Shah', list: 'users', id: '5', typing: false };
    await ghost.query('SELECT pg_notify($1, $2)', ['presence', JSON.stringify({ from: 'ghost-instance', op: 'set', entry })]);
    await ghost.end();
    const set = await omars.next(isSet('pg-ghost'), 1000, from);
    const gone = await omars.next(isGone('pg-ghost'), 12_000, from);
    expect(gone.at - set.at).toBeLessThan(11_500);
  }, 20_000);
});
