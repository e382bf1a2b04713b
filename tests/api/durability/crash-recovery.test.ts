// kill -9 of the server in the middle of status changes and email delivery, then a start the way
// `npm start` starts it, several times over, on the embedded database (or on a new database of
// the PostgreSQL server DATABASE_URL names). A client that behaves like the app's outbox keeps
// changing records meanwhile: in order per record, resending with the same Idempotency-Key until
// it gets an answer. Afterwards every acknowledged change is there exactly once, every status
// matches the audit trail, and every queued email reached a real SMTP socket, counted by its
// Message-ID: none lost, and none doubled except by a kill that fell after the whole message had
// reached the SMTP server and before the row was marked sent (a window no SMTP client can close:
// the server may take the message even if the client dies before reading its 250; the resend
// then carries the same Message-ID). The last kill is aimed at that window on purpose.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../src/server/db/client';
import { DEMO_ADMIN } from '../../../src/server/identity/demo-accounts';
import type { RefillRequest, Transfer } from '../../../src/shared/entities';
import { API_BASE } from '../../../src/shared/constants';
import { freePort, startServer, type RunningServer } from '../../e2e/support/server';
import { startSmtpTestServer, type ReceivedMessage, type SmtpTestServer } from '../prescriptions/smtp-test-server';
import { createServerDatabase } from '../support/fresh-database';
import { waitFor } from '../../support/wait-for';
import { signIn } from '../support/tokens';

const RANDOM_KILLS = Number(process.env.CRASH_KILLS ?? 4);
/** The worker's lease after a crash mid-send, and its poll: a stranded email goes out after them. */
const LEASE_SECONDS = 10;

interface Op {
  key: string;
  method: 'PUT';
  path: string;
  body?: unknown;
  /** The status change it makes, or 'notify'. */
  effect: 'completed' | 'active' | 'notify';
  entity: 'transfers' | 'refill_requests';
  recordId: number;
  acknowledged: boolean;
}

let smtp: SmtpTestServer;
let server: RunningServer;
let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
let dataDir: string;
let port: number;
let token: string;
let env: Record<string, string>;
/** Called from the SMTP server the moment it has said 250; set for the aimed kill. */
let killOnNextAccept: ((message: ReceivedMessage) => void) | null = null;
const kills: number[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer({
    acceptDelayMs: 20,
    onAccepted: (message) => {
      const kill = killOnNextAccept;
      killOnNextAccept = null;
      kill?.(message);
    },
  });
  if (process.env.DATABASE_URL) database = await createServerDatabase(process.env.DATABASE_URL);
  dataDir = await mkdtemp(path.join(tmpdir(), 'pharmacy-crash-'));
  port = await freePort();
  env = {
    SMTP_URL: smtp.url,
    MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  server = await startServer({ env, dataDir, port });
  token = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await database?.drop().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function get<T>(url: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${API_BASE}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends until the server answers 2xx, as the app's outbox does; anything else is a failure. */
async function sendUntilAcknowledged(op: Op): Promise<void> {
  for (;;) {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${API_BASE}${op.path}`, {
        method: op.method,
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': op.key,
          ...(op.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: op.body === undefined ? undefined : JSON.stringify(op.body),
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      text = await response.text();
    } catch {
      await sleep(150); // The server is down (killed) or restarting.
      continue;
    }
    if (status >= 200 && status < 300) {
      op.acknowledged = true;
      return;
    }
    if (status === 409 && text.includes('in_progress')) await sleep(1000);
    else if (status === 429 || status >= 500) await sleep(500);
    else throw new Error(`${op.method} ${op.path} (${op.effect}) answered ${status} ${text.slice(0, 300)}`);
  }
}

const TRANSFER_CYCLE = ['completed', 'notify', 'active'] as const;

/** The i-th change of a record: transfers go complete, notify, incomplete; refills flip status. */
function nextOp(kind: 'transfer' | 'refill', recordId: number, i: number): Op {
  const base = { key: randomUUID(), method: 'PUT' as const, recordId, acknowledged: false };
  if (kind === 'refill') {
    const status = i % 2 === 0 ? 'completed' : 'active';
    return { ...base, path: `/admin/Renewals/status/${recordId}`, body: { status }, effect: status, entity: 'refill_requests' };
  }
  const effect = TRANSFER_CYCLE[i % 3]!;
  if (effect === 'notify') {
    return { ...base, path: '/admin/prescription-request-notify/transfer', body: { transfer_id: recordId }, effect, entity: 'transfers' };
  }
  const action = effect === 'completed' ? 'complete' : 'incomplete';
  return { ...base, path: `/admin/transfers/${action}/${recordId}`, effect, entity: 'transfers' };
}

/** One record's changes, in order, while `running()`; the ops it made go into `ops`. */
async function chain(kind: 'transfer' | 'refill', recordId: number, running: () => boolean, ops: Op[]): Promise<void> {
  for (let i = 0; running(); i += 1) {
    const op = nextOp(kind, recordId, i);
    ops.push(op);
    await sendUntilAcknowledged(op);
  }
}

async function restart(): Promise<void> {
  server = await startServer({ env, dataDir, port });
}

/** Stops the server cleanly, then opens its database (the embedded one has one process at a time). */
async function stopAndOpen(): Promise<Db> {
  await server.halt('SIGTERM');
  return openDb({ databaseUrl: database?.url, dataDir });
}

describe('kill -9 in the middle of status changes and email delivery', () => {
  it('keeps every acknowledged change once, statuses matching the audit trail, and delivers every email', async () => {
    const transfers = (await get<Transfer[]>('/admin/transfers')).filter((t) => t.status === 'active' && t.email).slice(0, 6);
    const refills = (await get<RefillRequest[]>('/admin/refills-and-renewals')).filter((r) => r.status === 'active').slice(0, 3);
    expect(transfers.length).toBe(6);
    expect(refills.length).toBe(3);

    const ops: Op[] = [];
    let running = true;
    const chains = Promise.all([
      ...transfers.map((t) => chain('transfer', t.transfer_id, () => running, ops)),
      ...refills.map((r) => chain('refill', r.id, () => running, ops)),
    ]);
    const failed = chains.then(
      () => null,
      (error: unknown) => error,
    );

    for (let k = 0; k < RANDOM_KILLS; k += 1) {
      await sleep(600 + Math.random() * 1400);
      kills.push(Date.now());
      await server.halt('SIGKILL');
      await restart();
    }
    // Aimed at the window: killed the moment the SMTP server has said 250.
    await sleep(500);
    let aimed: ReceivedMessage | undefined;
    const aimedKill = new Promise<void>((resolve) => {
      killOnNextAccept = (message) => {
        aimed = message;
        kills.push(Date.now());
        void server.halt('SIGKILL').then(resolve);
      };
    });
    await aimedKill;
    await restart();
    await sleep(1000);
    running = false;
    expect(await failed).toBeNull();
    await chains;

    // One email per notify goes out (a stranded one after its lease, a failed one after its
    // retry delay).
    const notifyCount = ops.filter((op) => op.effect === 'notify').length;
    const distinct = () => new Set(smtp.messages.map((m) => m.messageId)).size;
    await waitFor('an email for every notify', () => distinct() >= notifyCount, { timeout: 180_000, interval: 250 });

    // Then nothing more comes once every queued email is marked sent: the worker sends unmarked
    // rows only, and a clean stop (SIGTERM) finishes the send under way. The embedded database
    // belongs to one process at a time: it is read once the server has stopped. A row still
    // unmarked there reached the SMTP server just before a kill: a server started again sends
    // it once more after its lease (a copy the checks below tie to that kill); then look again.
    let db = await stopAndOpen();
    for (let round = 1; ; round += 1) {
      const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL');
      if (left!.n === 0) break;
      expect(round, `${left!.n} emails still unmarked after ${round} starts`).toBeLessThan(4);
      await db.close();
      const before = smtp.messages.length;
      await restart();
      await waitFor('the unmarked emails to be sent again', () => smtp.messages.length >= before + left!.n, {
        timeout: LEASE_SECONDS * 1000 + 60_000,
        interval: 250,
      });
      db = await stopAndOpen();
    }
    try {
      expect(ops.every((op) => op.acknowledged)).toBe(true);
      const keys = await db.query<{ key: string; state: string }>(
        'SELECT key, state FROM idempotency_keys WHERE caller_uid = $1 AND key = ANY($2)',
        [DEMO_ADMIN.uid, ops.map((op) => op.key)],
      );
      expect(keys.length).toBe(ops.length);
      expect(keys.every((k) => k.state === 'done')).toBe(true);

      // Status changes: one audit event per change, in the order they were made, and the
      // record's status is the last one.
      const events = await db.query<{ entity: string; record_id: number; from_status: string; to_status: string; idempotency_key: string }>(
        'SELECT entity, record_id, from_status, to_status, idempotency_key FROM request_status_events WHERE idempotency_key = ANY($1) ORDER BY event_id',
        [ops.map((op) => op.key)],
      );
      const changes = ops.filter((op) => op.effect !== 'notify');
      expect(events.map((e) => e.idempotency_key).sort()).toEqual(changes.map((op) => op.key).sort());
      for (const record of [...transfers.map((t) => ['transfers', t.transfer_id] as const), ...refills.map((r) => ['refill_requests', r.id] as const)]) {
        const [entity, id] = record;
        const mine = events.filter((e) => e.entity === entity && e.record_id === id);
        const expected = changes.filter((op) => op.entity === entity && op.recordId === id);
        expect(mine.map((e) => e.idempotency_key)).toEqual(expected.map((op) => op.key));
        let status = 'active';
        for (const e of mine) {
          expect(e.from_status).toBe(status);
          status = e.to_status;
        }
        const key = entity === 'transfers' ? 'transfer_id' : 'id';
        const [row] = await db.query<{ status: string }>(`SELECT status FROM ${entity} WHERE ${key} = $1`, [id]);
        expect(row!.status, `${entity} ${id}`).toBe(status);
      }

      // Emails: one per notify, every one sent, each reached the SMTP socket.
      const emails = await db.query<{ id: number; sent_at: string | null }>(
        "SELECT id, sent_at FROM email_outbox WHERE kind = 'transfer_complete' ORDER BY id",
      );
      const notifies = ops.filter((op) => op.effect === 'notify');
      expect(emails.length).toBe(notifies.length);
      expect(emails.filter((e) => e.sent_at === null)).toEqual([]);
      const received = new Map<string, ReceivedMessage[]>();
      for (const message of smtp.messages) {
        const id = message.messageId ?? '(none)';
        received.set(id, [...(received.get(id) ?? []), message]);
      }
      const lost = emails.filter((e) => ![...received.keys()].some((id) => id.startsWith(`<outbox-${e.id}-`)));
      const doubled = [...received.entries()].filter(([, copies]) => copies.length > 1);
      expect(lost).toEqual([]);
      // The only way an email goes out twice: the process died after the whole message reached
      // the SMTP server and before the row was marked sent, so a kill lies between the two
      // copies. The worker sends one email at a time, so each kill can double at most one.
      const gaps: number[] = [];
      for (const [id, copies] of doubled) {
        expect(copies, id).toHaveLength(2);
        const [first, second] = [copies[0]!.receivedAt, copies[1]!.receivedAt];
        // The kill is stamped before SIGKILL is sent, and the SMTP server (this process) may read
        // the bytes the server wrote just before it died a little later: the first kill from a
        // second before the first copy's arrival on is the one between them (a restarted server
        // needs several seconds before it sends anything).
        const kill = kills.find((at) => at >= first - 1000 && at < second);
        expect(kill, `${id} was sent twice with no kill between the copies`).toBeDefined();
        // A live worker marks a sent email long before its lease runs out.
        expect(kill! - first, `${id}: unmarked for a whole lease (kills at ${kills.map((at) => at - first).join(', ')} ms, second copy at ${second - first} ms)`).toBeLessThan(LEASE_SECONDS * 1000);
        gaps.push(kill! - first);
      }
      expect(doubled.length).toBeLessThanOrEqual(kills.length);
      const aimedDoubled = aimed?.messageId !== undefined && received.get(aimed.messageId)!.length === 2;
      console.log(
        `crash (${database ? 'PostgreSQL' : 'embedded database'}): ${kills.length} kills -9 survived ` +
          `(${RANDOM_KILLS} random, 1 right after an SMTP 250); ${changes.length} status changes and ` +
          `${notifies.length} notifications acknowledged, each applied once; ${emails.length} emails queued, ` +
          `${received.size} distinct Message-IDs received, lost 0, doubled ${doubled.length}, each resent with ` +
          `its Message-ID after a kill ${gaps.join(', ')} ms after the SMTP server had the whole message ` +
          `(${aimedDoubled ? 'one of them the aimed kill' : 'the aimed kill lost the race to the row being marked sent'})`,
      );
    } finally {
      await db.close();
    }
  }, 600_000);
});
