// PostgreSQL out of reach under a running server (issue 21): a TCP proxy written here stands
// between the server and PostgreSQL, and is cut (every connection dropped, new ones refused, as
// when PostgreSQL restarts) and restored. While it is cut the API answers 503 with Retry-After
// and /healthz says `database: down`; once restored the same server answers again by itself
// (its pool and its LISTEN connection connect anew), a change retried with its Idempotency-Key
// goes through once, a change acknowledged before the cut is there, and the change stream
// carries changes again. PostgreSQL only (skipped without DATABASE_URL).
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { API_BASE } from '../../../src/shared/constants';
import { openStream, type TestStream } from '../live/sse-client';
import { insertTransfer } from '../prescriptions/fixtures';
import { testConfig } from '../support/boot-test-app';
import { createServerDatabase } from '../support/fresh-database';
import { createTestUser, type TestUser } from '../support/tokens';
import { waitFor } from '../../support/wait-for';

const serverUrl = process.env.DATABASE_URL;

/** A TCP relay to `target` on a port of its own that can be cut and restored. */
async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  let server = net.createServer(relay);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** New connections refused, open ones dropped. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      server = net.createServer(relay);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!serverUrl)('the database away under a running server', () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: FastifyInstance;
  let url: string;
  let staff: TestUser;
  let dataDir: string;
  const streams: TestStream[] = [];

  beforeAll(async () => {
    [database, staff] = await Promise.all([createServerDatabase(serverUrl!), createTestUser('admin')]);
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-db-away-'));
    // The load below asks far more than a pharmacy's staff would in a minute.
    app = await buildApp(testConfig(dataDir, viaProxy.toString(), { rateLimitPerMinute: 1_000_000 }));
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    streams.forEach((s) => s.close());
    await app?.close();
    await proxy?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, apiPath: string, key?: string) =>
    fetch(`${url}${API_BASE}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${staff.token}`, ...(key ? { 'idempotency-key': key } : {}) },
      signal: AbortSignal.timeout(15_000),
    });

  it('answers 503 with Retry-After while it is away, then serves again, losing no acknowledged change', async () => {
    const id = await insertTransfer(app);
    const stream = await openStream(url, staff.token);
    streams.push(stream);
    await stream.next((e) => e.event === 'cursors');

    // Acknowledged before the cut.
    const before = await call('PUT', `/admin/transfers/flag/${id}`, randomUUID());
    expect(before.status).toBe(200);

    await proxy.cut();
    const cutAt = performance.now();
    const refused = await call('GET', '/admin/transfers');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: { code: 'database_unavailable' } });
    const key = randomUUID();
    const change = await call('PUT', `/admin/transfers/unflag/${id}`, key);
    expect(change.status).toBe(503);
    expect(change.headers.get('retry-after')).toMatch(/^\d+$/);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    const answeredWithinMs = performance.now() - cutAt;

    const eventsBefore = stream.events.length;
    await proxy.restore();
    const restoredAt = performance.now();
    await waitFor('the API to answer again', async () => (await call('GET', '/admin/transfers')).status === 200, {
      timeout: 20_000,
      interval: 200,
    });
    const backAfterMs = performance.now() - restoredAt;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // The refused change, sent again with its key, is made once; a replay answers the same.
    const retried = await call('PUT', `/admin/transfers/unflag/${id}`, key);
    expect(retried.status).toBe(200);
    const replayed = await call('PUT', `/admin/transfers/unflag/${id}`, key);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await app.db.query<{ status: string }>('SELECT status FROM transfers WHERE transfer_id = $1', [id]);
    expect(row!.status).toBe('active');
    // The flag acknowledged before the cut and the unflag after it, each once.
    const events = await app.db.query<{ to_status: string }>(
      "SELECT to_status FROM request_status_events WHERE entity = 'transfers' AND record_id = $1 ORDER BY event_id",
      [id],
    );
    expect(events.map((e) => e.to_status)).toEqual(['flagged', 'active']);

    // The change feed listens again: the stream caught up (cursors after the gap) and carries changes.
    await stream.next((e) => e.event === 'cursors', 15_000, eventsBefore);
    const from = stream.events.length;
    expect((await call('PUT', `/admin/transfers/complete/${id}`, randomUUID())).status).toBe(200);
    await stream.next((e) => e.event === 'change' && e.data.list === 'transfers', 5000, from);

    // No dead connection is lent out: more requests at once than the pool has connections.
    const statuses = await Promise.all(
      Array.from({ length: 25 }, () => call('GET', '/admin/transfers').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    console.log(
      `database away: 503 with Retry-After and /healthz database: down within ${Math.round(answeredWithinMs)} ms of the cut; ` +
        `served again ${Math.round(backAfterMs)} ms after the database came back, without a restart`,
    );
  }, 90_000);

  it('under load: every answer is 200 or 503 with Retry-After, and every acknowledged change is there once', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => insertTransfer(app)));
    const unexpected: string[] = [];
    let refusals = 0;
    let reads = 0;
    const acknowledged = new Map<number, string[]>(ids.map((id) => [id, []]));
    /** A 503 must say when to come back; anything but 2xx, 503 and 409 in_progress is a failure. */
    const check = async (response: Response, what: string): Promise<'ok' | 'again'> => {
      if (response.ok) return 'ok';
      const text = await response.text();
      if (response.status === 503 && /^\d+$/.test(response.headers.get('retry-after') ?? '')) {
        refusals += 1;
        return 'again';
      }
      if (response.status === 409 && text.includes('in_progress')) return 'again';
      unexpected.push(`${what}: ${response.status} ${text.slice(0, 200)}`);
      return 'again';
    };
    let running = true;
    // As the app's outbox: each change resent with its key until it is answered 2xx.
    const writers = ids.map(async (id) => {
      for (let n = 0; running; n += 1) {
        const action = n % 2 === 0 ? 'flag' : 'unflag';
        const key = randomUUID();
        for (;;) {
          const response = await call('PUT', `/admin/transfers/${action}/${id}`, key).catch(() => null);
          if (response && (await check(response, `PUT ${action}`)) === 'ok') break;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        acknowledged.get(id)!.push(action === 'flag' ? 'flagged' : 'active');
      }
    });
    const reader = (async () => {
      while (running) {
        const response = await call('GET', '/admin/transfers').catch(() => null);
        reads += 1;
        if (!response) unexpected.push('GET: no answer');
        else if ((await check(response, 'GET')) === 'again') await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await sleep(1500);
    await proxy.cut();
    await sleep(2000);
    await proxy.restore();
    await sleep(2000);
    running = false;
    await Promise.all([...writers, reader]);

    expect(unexpected).toEqual([]);
    expect(refusals).toBeGreaterThan(0);
    let changes = 0;
    for (const id of ids) {
      const events = await app.db.query<{ to_status: string }>(
        "SELECT to_status FROM request_status_events WHERE entity = 'transfers' AND record_id = $1 ORDER BY event_id",
        [id],
      );
      expect(events.map((e) => e.to_status), `transfer ${id}`).toEqual(acknowledged.get(id));
      changes += events.length;
    }
    console.log(
      `database away under load: ${changes} status changes acknowledged, each stored once; ${reads} reads; ` +
        `${refusals} answers 503 with Retry-After while it was away, no other failure`,
    );
  }, 120_000);
});
