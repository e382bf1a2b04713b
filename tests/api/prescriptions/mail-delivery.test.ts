// The mail outbox worker against a real SMTP conversation (a tiny server on a local socket) and
// the file fallback, on the embedded database or DATABASE_URL.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { createMailWorker, retryDelayMs, type MailWorker } from '../../../src/server/mail/outbox-worker';
import { enqueueEmail } from '../../../src/server/repositories/email-outbox';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

let fresh: FreshDatabase;
let db: Db;
let dataDir: string;
let smtp: SmtpTestServer;
const logged: string[] = [];
const log = {
  info: (obj: object, msg: string) => logged.push(JSON.stringify(obj) + msg),
  warn: (obj: object, msg: string) => logged.push(JSON.stringify(obj) + msg),
  error: (obj: object, msg: string) => logged.push(JSON.stringify(obj) + msg),
};
const run = Date.now().toString(36);

function worker(options: { smtp: boolean; baseRetryMs?: number; pollMs?: number }): MailWorker {
  return createMailWorker({
    db,
    dataDir,
    smtpUrl: options.smtp ? smtp.url : undefined,
    fromName: 'Trillium Street Pharmacy',
    fromAddress: 'no-reply@pharmacy.test',
    log,
    pollMs: options.pollMs ?? 60_000,
    baseRetryMs: options.baseRetryMs ?? 30_000,
  });
}

async function queue(to: string): Promise<number> {
  return db.transaction((tx) =>
    enqueueEmail(tx, {
      kind: 'test',
      to,
      subject: 'Your prescription transfer to Trillium Street Pharmacy is complete',
      text: 'Hello Ada,\n\n.A line that starts with a dot.\n',
    }),
  );
}

async function outboxRow(id: number) {
  const [row] = await db.query<{
    attempts: number;
    sent_at: string | null;
    last_error: string | null;
    next_attempt_at: string;
  }>('SELECT attempts, sent_at, last_error, next_attempt_at FROM email_outbox WHERE id = $1', [id]);
  return row!;
}

async function until<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.db;
  dataDir = fresh.dataDir;
  smtp = await startSmtpTestServer();
});

afterAll(async () => {
  await smtp?.close();
  await fresh?.close();
});

describe('mail outbox worker', () => {
  it('delivers over SMTP once, with the pharmacy as sender and a stable Message-ID', async () => {
    const to = `ada.${run}@patients.test`;
    const id = await queue(to);
    const w = worker({ smtp: true });
    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0);
    const received = smtp.messages.filter((m) => m.to.includes(to));
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.from).toBe('no-reply@pharmacy.test');
    expect(message.data).toMatch(/^From: "?Trillium Street Pharmacy"? <no-reply@pharmacy\.test>\r$/m);
    expect(message.data).toMatch(new RegExp(`^Message-ID: <outbox-${id}-\\d+@pharmacy\\.test>\\r$`, 'm'));
    expect(message.data).toContain('Subject: Your prescription transfer to Trillium Street Pharmacy is');
    expect(message.data).toContain('\r\n.A line that starts with a dot.');
    expect((await outboxRow(id)).sent_at).not.toBeNull();
    await w.stop();
  });

  it('retries a failing SMTP server with backoff, then delivers exactly once', async () => {
    const to = `grace.${run}@patients.test`;
    smtp.failNext(2);
    const id = await queue(to);
    const w = worker({ smtp: true, baseRetryMs: 150 });
    expect(await w.drain()).toBe(0);
    const first = await outboxRow(id);
    expect(first.attempts).toBe(1);
    expect(first.sent_at).toBeNull();
    expect(first.last_error).toMatch(/451/);
    expect(first.last_error).not.toContain(to);
    // Not due yet: a drain right away sends nothing.
    expect(await w.drain()).toBe(0);
    expect((await outboxRow(id)).attempts).toBe(1);

    await until(async () => ((await w.drain(), (await outboxRow(id)).sent_at) ? true : undefined));
    const last = await outboxRow(id);
    expect(last.attempts).toBe(2);
    expect(smtp.refused).toBe(2);
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    await w.stop();
  });

  it('is woken by nudge() without waiting for its timer', async () => {
    const to = `nudge.${run}@patients.test`;
    const w = worker({ smtp: true, pollMs: 600_000 });
    w.start();
    await w.drain();
    const id = await queue(to);
    w.nudge();
    await until(async () => ((await outboxRow(id)).sent_at ? true : undefined), 5_000);
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    await w.stop();
  });

  it('without SMTP writes one RFC 822 .eml file per email into DATA_DIR/mail', async () => {
    const to = `file.${run}@patients.test`;
    const id = await queue(to);
    const w = worker({ smtp: false });
    await w.drain();
    const files = (await readdir(path.join(dataDir, 'mail'))).filter((f) => f.startsWith(`outbox-${id}-`));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toMatch(/^From: "?Trillium Street Pharmacy"? <no-reply@pharmacy\.test>$/m);
    expect(eml).toContain(`To: ${to}`);
    expect(eml).not.toContain('\r\n');
    await w.stop();
  });

  it('never logs addresses, subjects or bodies', () => {
    const all = logged.join('\n');
    expect(all).not.toContain('@patients.test');
    expect(all).not.toContain('Hello Ada');
    expect(all).not.toContain('Your prescription');
    expect(all).toContain('email delivered');
  });

  it('backs off exponentially with jitter, capped', () => {
    for (let i = 0; i < 50; i++) {
      expect(retryDelayMs(1, 30_000, 3_600_000)).toBeGreaterThanOrEqual(24_000);
      expect(retryDelayMs(1, 30_000, 3_600_000)).toBeLessThanOrEqual(36_000);
      expect(retryDelayMs(3, 30_000, 3_600_000)).toBeGreaterThanOrEqual(96_000);
      expect(retryDelayMs(20, 30_000, 3_600_000)).toBeLessThanOrEqual(3_600_000);
    }
  });
});
