// GET /metrics (issue 21 item 5): real API calls show up by route pattern and status, the
// open-streams gauge follows a real stream, the outbox depth follows a Notify whose email cannot
// be delivered yet, only this machine or the metrics token gets an answer, and nothing a patient
// could be found by is in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { freePort } from '../../../src/server/identity/emulator';
import { waitFor } from '../../support/wait-for';
import { openStream, type TestStream } from '../live/sse-client';
import { insertTransfer, unique } from '../prescriptions/fixtures';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { captureLogs } from '../support/log-capture';
import { createTestUser, type TestUser } from '../support/tokens';

const TOKEN = 'metrics-test-token-0123456789abcdef0123456789';
const API = '/nodejsapp/api';

let t: TestApp;
let admin: TestUser;
const streams: TestStream[] = [];

beforeAll(async () => {
  // An SMTP server nobody listens on: a queued email fails and waits for its retry.
  const deadSmtp = `smtp://127.0.0.1:${await freePort()}`;
  [t, admin] = await Promise.all([
    bootTestApp({ config: { metricsToken: TOKEN, smtpUrl: deadSmtp, smtpRequireTls: false } }),
    createTestUser('admin'),
  ]);
});
afterAll(async () => {
  streams.forEach((s) => s.close());
  await t?.close();
});

async function scrape(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ url: '/metrics', ...options });
}

async function metricsText(): Promise<string> {
  const response = await scrape();
  expect(response.statusCode).toBe(200);
  return response.body;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      if (!name || value === undefined) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name, labels: labels as Record<string, string>, value: Number(value) };
    });
}

/** The value of the one sample `name` with (at least) these labels; 0 when there is none. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

async function api(method: 'GET' | 'PUT', path: string, options: { body?: object; key?: string; token?: string | null } = {}) {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? admin.token : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  return t.app.inject({ method, url: `${API}${path}`, headers, ...(options.body ? { payload: options.body } : {}) });
}

describe('request figures', () => {
  const LIST = `${API}/admin/transfers`;
  const ACTION = `${API}/admin/transfers/:action/:transfer_id`;

  it('count a list read, a refusal and a status change by route pattern and status, with their latency', async () => {
    expect(t.routes.map((r) => r.url)).toContain(ACTION);
    const before = await metricsText();
    const id = await insertTransfer(t.app);
    expect((await api('GET', '/admin/transfers')).statusCode).toBe(200);
    expect((await api('GET', '/admin/transfers', { token: null })).statusCode).toBe(401);
    expect((await api('PUT', `/admin/transfers/complete/${id}`, { key: unique('key') })).statusCode).toBe(200);
    const after = await metricsText();

    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(delta('http_requests_total', { method: 'GET', route: LIST, status: '200' })).toBe(1);
    expect(delta('http_requests_total', { method: 'GET', route: LIST, status: '401' })).toBe(1);
    expect(delta('http_requests_total', { method: 'PUT', route: ACTION, status: '200' })).toBe(1);
    expect(delta('http_request_duration_seconds_count', { method: 'PUT', route: ACTION, status: '200' })).toBe(1);
    expect(delta('http_request_duration_seconds_bucket', { method: 'PUT', route: ACTION, status: '200', le: '+Inf' })).toBe(1);
    expect(value(after, 'http_request_duration_seconds_sum', { method: 'PUT', route: ACTION, status: '200' })).toBeGreaterThan(0);
  });

  it('never count /metrics itself', async () => {
    await metricsText();
    const text = await metricsText();
    expect(samples(text).filter((s) => s.labels.route === '/metrics')).toEqual([]);
  });

  it('leave scrapes out of the request log, and count nothing in the access log', async () => {
    const logs = captureLogs();
    const app = await buildApp({ ...t.config, logLevel: 'info' }, { db: t.db, logStream: logs.stream });
    const accessEntries = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM access_log'))[0]!.n;
    try {
      const accessBefore = await accessEntries();
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const routes = logs.lines().filter((line) => line.msg === 'request').map((line) => line.route);
      expect(routes).toEqual(['/healthz']);
      expect(await accessEntries()).toBe(accessBefore);
    } finally {
      await app.close();
    }
  });

  it('include the process figures of prom-client', async () => {
    const text = await metricsText();
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples(text).some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });
});

describe('change streams', () => {
  it('the open-streams gauge rises while a stream is open and falls when it closes; the stream is counted when it ends', async () => {
    const route = `${API}/admin/changes`;
    const before = await metricsText();
    expect(value(before, 'pharmacy_change_streams_open')).toBe(0);

    const stream = await openStream(t.baseUrl, admin.token);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'cursors');
    expect(value(await metricsText(), 'pharmacy_change_streams_open')).toBe(1);

    stream.close();
    const after = await waitFor('the server to see the stream close', async () => {
      const text = await metricsText();
      return value(text, 'pharmacy_change_streams_open') === 0 && value(text, 'http_requests_total', { route, status: '200' }) > 0 && text;
    });
    expect(value(after, 'http_requests_total', { method: 'GET', route, status: '200' }) - value(before, 'http_requests_total', { method: 'GET', route, status: '200' })).toBe(1);
    // A stream's lifetime is not a latency.
    expect(value(after, 'http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).toBe(0);
  });
});

describe('figures read from the database', () => {
  it('the outbox depth and the idempotency keys rise after a Notify that queues an email', async () => {
    const before = await metricsText();
    expect(value(before, 'pharmacy_database_up')).toBe(1);
    const id = await insertTransfer(t.app, { status: 'completed' });
    const list = (await api('GET', '/admin/transfers')).json<{ transfer_id: number }[]>();
    const transfer = list.find((row) => row.transfer_id === id)!;
    const notify = await api('PUT', '/admin/prescription-request-notify/transfer', { body: transfer, key: unique('key') });
    expect(notify.statusCode).toBe(200);

    const after = await metricsText();
    expect(value(after, 'pharmacy_email_outbox_waiting')).toBe(value(before, 'pharmacy_email_outbox_waiting') + 1);
    expect(value(after, 'pharmacy_email_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'pharmacy_idempotency_keys')).toBe(value(before, 'pharmacy_idempotency_keys') + 1);
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys');
    expect(value(after, 'pharmacy_idempotency_keys')).toBe(row!.n);
  });

  it('the oldest waiting email is as old as it is', async () => {
    await t.db.query(
      `INSERT INTO email_outbox (kind, to_address, subject, body_text, created_at, next_attempt_at)
       VALUES ('test', $1, 'old', '', now() - interval '1 hour', now() + interval '1 hour')`,
      [`${unique('old')}@patients.test`],
    );
    const oldest = value(await metricsText(), 'pharmacy_email_outbox_oldest_waiting_seconds');
    expect(oldest).toBeGreaterThanOrEqual(3600);
    expect(oldest).toBeLessThan(3600 + 60);
  });

  it('the pool: PostgreSQL’s figures, or one connection for the embedded database', async () => {
    const text = await metricsText();
    if (t.db.poolStats) {
      expect(value(text, 'pharmacy_db_pool_max_connections', { driver: 'postgres' })).toBe(10);
      expect(value(text, 'pharmacy_db_pool_connections', { driver: 'postgres' })).toBeGreaterThanOrEqual(1);
      expect(samples(text).some((s) => s.name === 'pharmacy_db_pool_waiting_clients')).toBe(true);
    } else {
      expect(value(text, 'pharmacy_db_pool_max_connections', { driver: 'pglite' })).toBe(1);
      expect(value(text, 'pharmacy_db_pool_connections', { driver: 'pglite' })).toBe(1);
    }
  });
});

describe('who may read /metrics', () => {
  const REMOTE = '203.0.113.7';

  function expectRefused(response: Awaited<ReturnType<typeof scrape>>) {
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.body).not.toContain('http_requests_total');
    expect(response.body).not.toContain('# ');
  }

  it('answers this machine over a real socket, and an injected loopback client (IPv4, IPv6, IPv4-mapped)', async () => {
    const response = await fetch(`${t.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(response.headers.get('cache-control')).toBe('no-store');
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await scrape({ remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('refuses a remote client without the token, or with a wrong one', async () => {
    expectRefused(await scrape({ remoteAddress: REMOTE }));
    expectRefused(await scrape({ remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}x` } }));
    expectRefused(await scrape({ remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}` } }));
    expectRefused(await scrape({ remoteAddress: REMOTE, headers: { authorization: TOKEN } }));
    expectRefused(await scrape({ remoteAddress: REMOTE, headers: { authorization: `Basic ${TOKEN}` } }));
  });

  it('answers a remote client with the token', async () => {
    const response = await scrape({ remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('pharmacy_change_streams_open');
  });

  it('never believes X-Forwarded-For, and treats a loopback connection that a proxy forwarded as remote', async () => {
    expectRefused(await scrape({ remoteAddress: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } }));
    expectRefused(await scrape({ headers: { 'x-forwarded-for': REMOTE } }));
    expectRefused(await scrape({ headers: { forwarded: `for=${REMOTE}` } }));
    const withToken = await scrape({ headers: { 'x-forwarded-for': REMOTE, authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
  });

  it('without METRICS_TOKEN, refuses every remote client', async () => {
    const app = await buildApp({ ...t.config, metricsToken: undefined }, { db: t.db });
    try {
      const refused = await app.inject({ url: '/metrics', remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(refused.statusCode).toBe(401);
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset by default, taken when long enough, and refused (without echoing it) when not', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN);
    for (const bad of ['short-secret-1234567890', `${TOKEN.slice(0, 20)} ${TOKEN.slice(20)}`, `${TOKEN}é`]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(/^METRICS_TOKEN: expected at least 32 visible characters/);
      expect(() => loadConfig({ METRICS_TOKEN: bad })).not.toThrow(bad);
    }
  });
});

describe('no patient data', () => {
  it('no name, email, id or URL of a patient in the figures, after calls that carried them', async () => {
    const email = `${unique('grace')}@patients.test`;
    const id = await insertTransfer(t.app, { first_name: 'Grace', last_name: unique('Hopper'), email });
    await api('PUT', `/admin/transfers/flag/${id}`, { key: unique('key') });
    await api('GET', `/admin/transfers?since=${id}&email=${encodeURIComponent(email)}`);
    await api('GET', `/admin/transfers/nothing-here/${id}/${encodeURIComponent(email)}`);
    const text = await metricsText();

    const registered = new Set(t.routes.map((route) => route.url));
    for (const sample of samples(text)) {
      for (const [label, v] of Object.entries(sample.labels)) {
        expect(v, `${sample.name} ${label}`).not.toContain('@');
        expect(v, `${sample.name} ${label}`).not.toContain('?');
        if (label === 'route' && v !== '(not found)') expect(registered.has(v), v).toBe(true);
      }
    }
    expect(text).not.toContain(email);
    expect(text).not.toContain(encodeURIComponent(email));
    expect(text).not.toContain(`/${id}`);
    expect(text).not.toContain(admin.uid);
    expect(text).not.toContain(admin.email);

    // Every person's name and address the database holds (the demo seed's and this file's).
    const columns = await t.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type = 'text'
         AND column_name IN ('first_name', 'last_name', 'name', 'full_name', 'email', 'to_address')`,
    );
    expect(columns.length).toBeGreaterThan(3);
    const people = new Set<string>();
    for (const { table_name: table, column_name: column } of columns) {
      const rows = await t.db.query<{ v: string | null }>(`SELECT DISTINCT "${column}" AS v FROM "${table}"`);
      rows.forEach((row) => row.v && row.v.length >= 3 && people.add(row.v));
    }
    expect(people.size).toBeGreaterThan(20);
    expect(people.has('Grace')).toBe(true);
    const words = new Set(text.split(/[^A-Za-z0-9@._+-]+/));
    const found = [...people].filter((person) => words.has(person) || (person.includes(' ') && text.includes(person)));
    expect(found).toEqual([]);
  });
});
