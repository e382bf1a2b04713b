// Delivers the email outbox: polls on a timer and when nudged after a commit, claims due rows,
// sends them over SMTP (SMTP_URL) or, without SMTP, writes each as an RFC 822 `.eml` file into
// DATA_DIR/mail. Failures are retried with backoff (shared/backoff). Logs carry outbox ids and error
// codes only: never addresses, subjects or bodies (patient data). The recipient is checked again
// here (recipient.ts) and given to the transport as an address object and an explicit envelope,
// so nothing in a stored address is ever parsed as a list or a header.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { backoffDelay, type Backoff } from '../../shared/backoff';
import type { Db } from '../db/client';
import {
  claimDueEmails,
  markEmailFailed,
  markEmailRefused,
  markEmailSent,
  type OutboxEmail,
} from '../repositories/email-outbox';
import { recipientOf } from './recipient';

export interface MailWorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  dataDir: string;
  smtpUrl?: string;
  /**
   * Refuse to send over an `smtp://` connection the server does not upgrade with STARTTLS
   * (SMTP_REQUIRE_TLS; config.ts works out the default). `smtps://` is TLS from the start.
   */
  smtpRequireTls?: boolean;
  /** Display name of the From header (the pharmacy). */
  fromName: string;
  fromAddress: string;
  log: MailWorkerLog;
  pollMs?: number;
  /** The first retry's longest wait; doubles per attempt up to `maxRetryMs`. */
  baseRetryMs?: number;
  maxRetryMs?: number;
  /** The retries' jitter source (Math.random); a test fixes it. */
  random?: () => number;
  /**
   * How long an email being sent is reserved for this worker: a worker that dies mid-send leaves
   * it to be tried again this much later. The SMTP timeouts are kept well inside it, so no send
   * outlives its reservation.
   */
  leaseMs?: number;
  /** Housekeeping run at start and every `housekeepingMs` (e.g. purging idempotency keys). */
  housekeeping?: () => Promise<void>;
  housekeepingMs?: number;
}

export interface MailWorker {
  start(): void;
  /** Stop the timers and wait for a delivery under way. */
  stop(): Promise<void>;
  /** Deliver soon (after a commit that queued an email). */
  nudge(): void;
  /** Deliver everything due now; resolves with the number sent. For tests and shutdown. */
  drain(): Promise<number>;
}

/** Thrown for an email that must never be sent; the row is refused instead of retried. */
class Unsendable extends Error {}

/** Address-free summary of a send error, safe to store and log. */
function describeError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [e.code, e.responseCode].filter((p) => p !== undefined && p !== null).map(String);
  const message = typeof e.message === 'string' ? e.message : String(error);
  return `${parts.join(' ')} ${message}`
    .replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<address>')
    .trim()
    .slice(0, 500);
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const retries: Backoff = { baseMs: options.baseRetryMs ?? 30_000, capMs: options.maxRetryMs ?? 3_600_000 };
  const leaseMs = options.leaseMs ?? 300_000;
  const mailDir = path.join(options.dataDir, 'mail');
  const domain = options.fromAddress.split('@')[1] ?? 'localhost';
  const transport = options.smtpUrl
    ? createTransport({
        url: options.smtpUrl,
        requireTLS: options.smtpRequireTls ?? false,
        connectionTimeout: Math.min(30_000, leaseMs / 4),
        greetingTimeout: Math.min(30_000, leaseMs / 4),
        socketTimeout: Math.min(60_000, leaseMs / 4),
      })
    : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  let timer: NodeJS.Timeout | undefined;
  let housekeepingTimer: NodeJS.Timeout | undefined;
  let stopped = true;
  let stopping = false;
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;

  async function deliver(email: OutboxEmail): Promise<void> {
    const to = recipientOf(email.to_address);
    if (to.kind !== 'address') throw new Unsendable('the recipient is not a single address');
    // Stable across retries, so a receiver can drop a duplicate after a crash mid-send (between
    // the server's 250 and the row marked sent: a window no SMTP client can close).
    const localId = `outbox-${email.id}-${Date.parse(email.created_at)}`;
    const info = await transport.sendMail({
      from: { name: options.fromName, address: options.fromAddress },
      to: { name: '', address: to.address },
      envelope: { from: options.fromAddress, to: [to.address] },
      subject: email.subject,
      text: email.body_text,
      messageId: `<${localId}@${domain}>`,
      date: new Date(email.created_at),
    });
    if (!options.smtpUrl) {
      await mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${localId}.eml`);
      // Write then rename: whoever watches the folder never reads half a message.
      await writeFile(`${file}.tmp`, (info as { message: Buffer }).message);
      await rename(`${file}.tmp`, file);
    }
  }

  /** Claims one email at a time, so a crash strands at most the one being sent. */
  async function deliverDue(): Promise<number> {
    let sent = 0;
    while (!stopping) {
      const [email] = await claimDueEmails(db, 1, leaseMs);
      if (!email) break;
      try {
        await deliver(email);
        // Marked the moment the server said 250: the only window a crash can double an email.
        await markEmailSent(db, email.id);
        sent += 1;
        log.info({ outboxId: email.id, kind: email.kind }, 'email delivered');
      } catch (error) {
        if (error instanceof Unsendable) {
          await markEmailRefused(db, email.id, error.message);
          log.error({ outboxId: email.id, kind: email.kind, reason: error.message }, 'email refused');
          continue;
        }
        const attempts = email.attempts + 1;
        const delay = backoffDelay(retries, attempts, null, options.random);
        const reason = describeError(error);
        await markEmailFailed(db, email.id, reason, delay);
        log.warn({ outboxId: email.id, attempts, retryInMs: delay, reason }, 'email delivery failed');
      }
    }
    return sent;
  }

  /** One run at a time; calls during a run coalesce into one follow-up run. */
  function drain(): Promise<number> {
    if (!running) {
      running = deliverDue().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => 0)
      .then(() => {
        queued = undefined;
        return drain();
      });
    return queued;
  }

  function tick(): void {
    if (stopped) return;
    drain().catch((error: unknown) => {
      log.error({ reason: describeError(error) }, 'mail outbox poll failed');
    });
  }

  function housekeep(): void {
    if (stopped || !options.housekeeping) return;
    options.housekeeping().catch((error: unknown) => {
      log.error({ reason: describeError(error) }, 'mail outbox housekeeping failed');
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      timer = setInterval(tick, pollMs);
      timer.unref();
      housekeepingTimer = setInterval(housekeep, options.housekeepingMs ?? 3_600_000);
      housekeepingTimer.unref();
      housekeep();
      tick();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopping = true;
      clearInterval(timer);
      clearInterval(housekeepingTimer);
      await running?.catch(() => undefined);
      transport.close();
    },
    nudge() {
      if (stopped) return;
      setImmediate(tick);
    },
    drain,
  };
}
