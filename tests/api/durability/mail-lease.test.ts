// A server stopped in the middle of an email's DATA phase (issue 21), its SMTP server holding the
// message unanswered. After `kill -9` the email's lease, short and renewed while the send lasts,
// runs out, and another worker sends it within 10 s of running, exactly once. After SIGTERM the
// stopping server cuts its send off at SHUTDOWN_GRACE and releases the claim: with a lease of a
// minute, the email goes out again at once all the same. On PostgreSQL a second instance runs
// beside the first all along (while the first holds the send for longer than a whole lease, its
// renewals keep the second from sending the email too) and sends it; on the embedded database
// (one process) the stopped server is started again and sends it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../src/server/db/client';
import { DEMO_ADMIN } from '../../../src/server/identity/demo-accounts';
import { API_BASE } from '../../../src/shared/constants';
import type { Transfer } from '../../../src/shared/entities';
import { startServer, type RunningServer } from '../../e2e/support/server';
import { waitFor } from '../../support/wait-for';
import { startSmtpTestServer, type ReceivedMessage, type SmtpTestServer } from '../prescriptions/smtp-test-server';
import { createServerDatabase } from '../support/fresh-database';
import { signIn } from '../support/tokens';

let smtp: SmtpTestServer;
let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
let servers: RunningServer[] = [];
const dataDirs: string[] = [];

async function start(leaseSeconds: number, dataDir?: string, extra: Record<string, string> = {}): Promise<RunningServer> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'pharmacy-lease-')));
  if (!dataDir) dataDirs.push(dir);
  const server = await startServer({
    dataDir: dir,
    env: {
      SMTP_URL: smtp.url,
      MAIL_LEASE_SECONDS: String(leaseSeconds),
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...extra,
    },
  });
  servers.push(server);
  return server;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  if (process.env.DATABASE_URL) database = await createServerDatabase(process.env.DATABASE_URL);
}, 60_000);

afterEach(async () => {
  await Promise.all(servers.map((server) => server.halt('SIGKILL')));
  servers = [];
});

afterAll(async () => {
  await smtp?.close();
  await database?.drop().catch(() => undefined);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Notifies a patient through `server`; resolves with the message once the SMTP server holds it. */
async function emailHeldInData(server: RunningServer): Promise<ReceivedMessage> {
  const token = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${API_BASE}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${url}`).toBe(200);
    return response.json() as Promise<unknown>;
  };
  const transfers = (await call('GET', '/admin/transfers')) as Transfer[];
  const transfer = transfers.find((t) => t.status === 'active' && t.email);
  expect(transfer).toBeDefined();
  const heldBefore = smtp.held.length;
  // The SMTP server takes the message and never answers: the worker waits in DATA.
  smtp.holdNext(1);
  await call('PUT', `/admin/transfers/complete/${transfer!.transfer_id}`);
  await call('PUT', '/admin/prescription-request-notify/transfer', { transfer_id: transfer!.transfer_id });
  const held = await waitFor('the email to reach the SMTP server', () => smtp.held[heldBefore], { timeout: 20_000 });
  expect(held.messageId).toMatch(/^<outbox-\d+-\d+@/);
  return held;
}

/** The accepted copies of `held`, after a wait in which a second copy would have come. */
async function sentCopies(held: ReceivedMessage): Promise<{ first: ReceivedMessage; copies: number }> {
  const first = await waitFor('the email to go out again', () => smtp.messages.find((m) => m.messageId === held.messageId), {
    timeout: 30_000,
    interval: 50,
  });
  await sleep(3000);
  return { first, copies: smtp.messages.filter((m) => m.messageId === held.messageId).length };
}

/** On PostgreSQL: the row is marked sent, its claim gone. */
async function expectMarkedSent(held: ReceivedMessage): Promise<void> {
  if (!database) return;
  const db = await openDb({ databaseUrl: database.url, dataDir: dataDirs[0]! });
  try {
    const outboxId = Number(/^<outbox-(\d+)-/.exec(held.messageId!)![1]);
    const rows = await db.query<{ sent: boolean; claim: string | null }>(
      'SELECT sent_at IS NOT NULL AS sent, claim FROM email_outbox WHERE id = $1',
      [outboxId],
    );
    expect(rows).toEqual([{ sent: true, claim: null }]);
  } finally {
    await db.close();
  }
}

describe('a server stopped during an email send', () => {
  it('kill -9: the email goes out again within 10 s of another worker running, exactly once', async () => {
    const leaseSeconds = 8;
    const a = await start(leaseSeconds);
    const other = database ? await start(leaseSeconds) : null;
    const held = await emailHeldInData(a);

    // Held past a whole lease and a half: renewed all along, the email stays A's (on PostgreSQL
    // the other instance's worker polls meanwhile and must leave it alone).
    const holdMs = other ? leaseSeconds * 1500 : 2000;
    await sleep(holdMs);
    expect(smtp.messages.filter((m) => m.messageId === held.messageId)).toEqual([]);

    await a.halt('SIGKILL');
    const killedAt = Date.now();
    const worker = other ?? (await start(leaseSeconds, a.dataDir));
    const runningAt = other ? killedAt : Date.now();
    const { first, copies } = await sentCopies(held);
    const afterRunningMs = first.acceptedAt - runningAt;
    console.log(
      `mail lease, kill -9 (${database ? 'PostgreSQL, a second instance running' : 'embedded database, restarted'}): ` +
        `held ${holdMs} ms in DATA with a ${leaseSeconds} s lease; sent ${first.acceptedAt - killedAt} ms after the kill, ` +
        `${afterRunningMs} ms after another worker was running; ${copies} accepted cop${copies === 1 ? 'y' : 'ies'}`,
    );
    expect(afterRunningMs).toBeLessThanOrEqual(10_000);
    expect(copies).toBe(1);
    await expectMarkedSent(held);
    expect(worker.output()).not.toContain('email delivery failed');
  }, 180_000);

  it('SIGTERM: the send is cut off at the grace and its claim released, so it goes out again at once', async () => {
    // A lease of a minute: the email going out within seconds proves the claim was released.
    const leaseSeconds = 60;
    const a = await start(leaseSeconds, undefined, { SHUTDOWN_GRACE: '2s' });
    const other = database ? await start(leaseSeconds) : null;
    const held = await emailHeldInData(a);

    const stopAt = Date.now();
    await a.halt('SIGTERM');
    await waitFor('A to exit', () => a.exitCode() !== null, { timeout: 5000 });
    expect(a.exitCode(), a.output()).toBe(0);
    const stoppedMs = Date.now() - stopAt;
    // On PostgreSQL B was running all along: counted from A's exit, when the claim was released.
    // A restarted server may send before its /healthz answers: then the figure is 0 or less.
    const worker = other ?? (await start(leaseSeconds, a.dataDir));
    const runningAt = Date.now();
    const { first, copies } = await sentCopies(held);
    console.log(
      `mail lease, SIGTERM (${database ? 'PostgreSQL, a second instance running' : 'embedded database, restarted'}): ` +
        `stopped in ${stoppedMs} ms with a 2 s grace; sent ${first.acceptedAt - runningAt} ms after another worker was running ` +
        `(lease ${leaseSeconds} s); ${copies} accepted cop${copies === 1 ? 'y' : 'ies'}`,
    );
    expect(stoppedMs).toBeLessThan(6000);
    // The other worker's poll (5 s) finds it due, long before the lease would have run out.
    expect(first.acceptedAt - runningAt).toBeLessThanOrEqual(10_000);
    expect(copies).toBe(1);
    await expectMarkedSent(held);
    expect(worker.output()).not.toContain('email delivery failed');
  }, 180_000);
});
