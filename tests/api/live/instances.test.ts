// Several server processes on one PostgreSQL behave as one server (issue 8): instances started
// at once on an empty database come up with one schema; a change through A reaches a stream on
// B; an Idempotency-Key replayed to the other instance has one effect; every queued email is
// delivered once with two outbox workers. PostgreSQL only (the embedded database is for one
// process): CI's second API run sets DATABASE_URL.
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { enqueueEmail } from '../../../src/server/repositories/email-outbox';
import { insertTransfer } from '../prescriptions/fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../prescriptions/smtp-test-server';
import { testConfig } from '../support/boot-test-app';
import { createServerDatabase } from '../support/fresh-database';
import { createTestUser, type TestUser } from '../support/tokens';
import { waitFor } from '../../support/wait-for';
import { openStream, type TestStream } from './sse-client';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('several instances on one PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let smtp: SmtpTestServer;
  let staff: TestUser;
  const instances: { app: FastifyInstance; url: string }[] = [];
  const streams: TestStream[] = [];

  beforeAll(async () => {
    [database, smtp, staff] = await Promise.all([createServerDatabase(serverUrl!), startSmtpTestServer(), createTestUser('admin')]);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-instances-'));
  });

  afterAll(async () => {
    streams.forEach((s) => s.close());
    await Promise.all(instances.map(({ app }) => app.close()));
    await smtp?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const [a, b] = [() => instances[0]!, () => instances[1]!];

  it('three instances started at the same moment on an empty database come up with one schema', async () => {
    // Each opens and migrates the database itself, as `npm start` does.
    const started = await Promise.all(
      ['A', 'B', 'C'].map(async (name) => {
        const config = testConfig(path.join(dataDir, name), database.url, {
          pharmacyName: `Instance ${name}`,
          smtpUrl: smtp.url,
        });
        const app = await buildApp(config);
        const url = await app.listen({ host: '127.0.0.1', port: 0 });
        return { app, url };
      }),
    );
    instances.push(...started);
    const migrations = await a().app.db.query<{ name: string; n: number }>(
      'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name',
    );
    const files = readdirSync(path.resolve(import.meta.dirname, '../../../src/server/db/migrations')).filter((f) => f.endsWith('.sql'));
    expect(migrations.map((m) => m.name)).toEqual(files.sort());
    expect(migrations.every((m) => m.n === 1)).toBe(true);
    const [triggers] = await a().app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = 'transfers_notify'",
    );
    expect(triggers!.n).toBe(1);
    for (const { url } of instances) expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // Two are enough from here on.
    await instances.pop()!.app.close();
  });

  it('a client streaming from B sees a change made through A within a second', async () => {
    const id = await insertTransfer(a().app);
    const s = await openStream(b().url, staff.token);
    streams.push(s);
    await s.next((e) => e.event === 'cursors');
    const latencies: number[] = [];
    for (const action of ['flag', 'unflag', 'complete', 'incomplete', 'flag']) {
      const from = s.events.length;
      const sent = performance.now();
      const response = await fetch(`${a().url}/nodejsapp/api/admin/transfers/${action}/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(response.status).toBe(200);
      const event = await s.next((e) => e.event === 'change' && e.data.list === 'transfers', 1000, from);
      latencies.push(event.at - sent);
    }
    expect(Math.max(...latencies)).toBeLessThan(1000);
  });

  it('an Idempotency-Key sent to A, then to B, has one effect (one email)', async () => {
    const id = await insertTransfer(a().app, { status: 'completed' });
    const key = randomUUID();
    const notify = (instance: { url: string }) =>
      fetch(`${instance.url}/nodejsapp/api/admin/prescription-request-notify/transfer`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${staff.token}`, 'idempotency-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ transfer_id: id }),
      });
    const first = await notify(a());
    expect(first.status).toBe(200);
    const replay = await notify(b());
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
    // At the same moment, to both: still one.
    const racedKey = randomUUID();
    const active = await insertTransfer(a().app);
    const raced = await Promise.all(
      [a(), b()].map((instance) =>
        fetch(`${instance.url}/nodejsapp/api/admin/transfers/flag/${active}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${staff.token}`, 'idempotency-key': racedKey },
        }),
      ),
    );
    expect(raced.map((r) => r.status).every((status) => status === 200 || status === 409)).toBe(true);
    const [emails] = await a().app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM email_outbox WHERE kind <> 'test' AND to_address = (SELECT email FROM transfers WHERE transfer_id = $1)",
      [id],
    );
    expect(emails!.n).toBe(1);
    const [events] = await a().app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM request_status_events WHERE idempotency_key = $1',
      [racedKey],
    );
    expect(events!.n).toBe(1);
  });

  it('200 queued emails with two workers running are each delivered once', async () => {
    const before = smtp.messages.length;
    const run = randomUUID().slice(0, 8);
    const addresses = Array.from({ length: 200 }, (_, i) => `patient-${run}-${i}@example.test`);
    for (let i = 0; i < addresses.length; i += 50) {
      await a().app.db.transaction(async (tx) => {
        for (const to of addresses.slice(i, i + 50)) {
          await enqueueEmail(tx, { kind: 'test', to, subject: `Message ${run}`, text: 'Hello' });
        }
      });
    }
    a().app.mailOutbox.nudge();
    b().app.mailOutbox.nudge();
    const ours = () => smtp.messages.slice(before).filter((m) => m.data.includes(`Message ${run}`));
    await waitFor('200 emails delivered', () => ours().length >= 200, { timeout: 60_000 });
    // A double delivery would be on its way in a pass still running: one more pass of each
    // worker starts only once the one under way has ended (and finds nothing due).
    await Promise.all([a().app.mailOutbox.drain(), b().app.mailOutbox.drain()]);
    const received = ours();
    const recipients = received.flatMap((m) => m.to);
    expect(recipients.length).toBe(200);
    expect(new Set(recipients)).toEqual(new Set(addresses));
    // Both instances' workers took part (each signs with its pharmacy's name).
    const senders = new Set(received.map((m) => /Instance[ _]([AB])/.exec(m.data.split('\r\n\r\n')[0] ?? '')?.[1] ?? m.data.slice(0, 400)));
    expect(senders).toEqual(new Set(['A', 'B']));
    const [unsent] = await a().app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM email_outbox WHERE subject = $1 AND sent_at IS NULL",
      [`Message ${run}`],
    );
    expect(unsent!.n).toBe(0);
  }, 90_000);
});
