// The mail outbox worker against a real SMTP conversation (a tiny server on a local socket) and
// the file fallback, on the embedded database or DATABASE_URL.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { createMailWorker, type MailWorker } from '../../../src/server/mail/outbox-worker';
import { enqueueEmail } from '../../../src/server/repositories/email-outbox';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';
import { waitFor } from '../../support/wait-for';
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

function worker(options: {
  smtp: boolean;
  requireTls?: boolean;
  baseRetryMs?: number;
  pollMs?: number;
  random?: () => number;
}): MailWorker {
  return createMailWorker({
    db,
    dataDir,
    smtpUrl: options.smtp ? smtp.url : undefined,
    smtpRequireTls: options.requireTls,
    fromName: 'Trillium Street Pharmacy',
    fromAddress: 'no-reply@pharmacy.test',
    log,
    pollMs: options.pollMs ?? 60_000,
    baseRetryMs: options.baseRetryMs ?? 30_000,
    random: options.random,
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
    body_text: string;
  }>('SELECT attempts, sent_at, last_error, next_attempt_at, body_text FROM email_outbox WHERE id = $1', [id]);
  return row!;
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

  it('gives the transport one recipient, in the envelope and in To, never parsed from a header', async () => {
    const to = `envelope.${run}@patients.test`;
    const id = await queue(to);
    const w = worker({ smtp: true });
    expect(await w.drain()).toBe(1);
    const [message] = smtp.messages.filter((m) => m.to.includes(to));
    expect(message!.from).toBe('no-reply@pharmacy.test');
    expect(message!.to).toEqual([to]);
    expect(message!.data).toMatch(new RegExp(`^To: ${to.replace(/\./g, '\\.')}\r$`, 'm'));
    expect((await outboxRow(id)).sent_at).not.toBeNull();
    await w.stop();
  });

  it('refuses, never sends and never retries an email whose stored recipient is not one address', async () => {
    const before = smtp.messages.length;
    const ids = [];
    // Rows queued before recipients were checked at the routes.
    for (const to of [`a.${run}@b.test\r\nBcc: x.${run}@evil.test`, `v1.${run}@a.test, v2.${run}@b.test`, `Eve <eve.${run}@evil.test>`]) {
      ids.push(await queue(to));
    }
    const w = worker({ smtp: true, baseRetryMs: 10 });
    expect(await w.drain()).toBe(0);
    expect(await w.drain()).toBe(0);
    expect(smtp.messages.length).toBe(before);
    for (const id of ids) {
      const row = await outboxRow(id);
      expect(row).toMatchObject({ attempts: 1, sent_at: null, last_error: 'the recipient is not a single address', body_text: '' });
    }
    expect(logged.join('\n')).not.toContain('evil.test');
    await w.stop();
  });

  it('with STARTTLS required, sends nothing to a server that does not offer it', async () => {
    const to = `tls.${run}@patients.test`;
    const id = await queue(to);
    const w = worker({ smtp: true, requireTls: true });
    expect(await w.drain()).toBe(0);
    const row = await outboxRow(id);
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/STARTTLS/i);
    expect(smtp.messages.filter((m) => m.to.includes(to))).toEqual([]);
    await w.stop();
    // Not retried here: the other tests' drains must not send it.
    await db.query(`UPDATE email_outbox SET next_attempt_at = '9999-12-31T00:00:00Z' WHERE id = $1`, [id]);
  });

  it('retries a failing SMTP server with backoff, then delivers exactly once', async () => {
    const to = `grace.${run}@patients.test`;
    smtp.failNext(2);
    const id = await queue(to);
    // Full jitter could draw a wait of 0 ms; this one waits 90% of its ceiling (135 ms, then 270 ms).
    const w = worker({ smtp: true, baseRetryMs: 150, random: () => 0.9 });
    expect(await w.drain()).toBe(0);
    const first = await outboxRow(id);
    expect(first.attempts).toBe(1);
    expect(first.sent_at).toBeNull();
    expect(first.last_error).toMatch(/451/);
    expect(first.last_error).not.toContain(to);
    // Not due yet: a drain right away sends nothing.
    expect(await w.drain()).toBe(0);
    expect((await outboxRow(id)).attempts).toBe(1);

    await waitFor('the retry to be sent', async () => {
      await w.drain();
      return (await outboxRow(id)).sent_at;
    });
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
    await waitFor('the nudged email to be sent', async () => (await outboxRow(id)).sent_at, { timeout: 5_000 });
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
});
