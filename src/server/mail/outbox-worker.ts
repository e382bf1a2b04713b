// Delivers the email outbox: polls on a timer and when nudged after a commit, claims due rows,
// sends them over SMTP (SMTP_URL) or, without SMTP, writes each as an RFC 822 `.eml` file into
// DATA_DIR/mail. Failures are retried with backoff (shared/backoff). Logs carry outbox ids and error
// codes only: never addresses, subjects or bodies (patient data). The recipient is checked again
// here (recipient.ts) and given to the transport as an address object and an explicit envelope,
// so nothing in a stored address is ever parsed as a list or a header.
//
// Each email is claimed with a short lease the worker renews while it sends: a worker that dies
// leaves its claim to run out within a lease, and another worker (or the restarted one) sends the
// email then. A worker that learns its claim was taken (its lease ran out unrenewed) cuts its own
// send off, so two sends of one email never overlap while a lease is being renewed. Delivery is at
// least once all the same: a process that dies after the SMTP server took the whole message and
// before the row is marked sent leaves it to be sent again, with the same Message-ID.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { backoffDelay, type Backoff } from '../../shared/backoff';
import type { Db } from '../db/client';
import {
  claimDueEmails,
  markEmailFailed,
  markEmailRefused,
  markEmailSent,
  nextDueInMs,
  releaseClaim,
  renewClaim,
  type ClaimedEmail,
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
   * How long an email being sent is reserved for this worker, renewed every third of it while
   * the send lasts: a worker that dies mid-send leaves it to be tried again at most this much later.
   */
  leaseMs?: number;
  /** Housekeeping run at start and every `housekeepingMs` (e.g. purging idempotency keys). */
  housekeeping?: () => Promise<void>;
  housekeepingMs?: number;
}

export interface MailWorker {
  start(): void;
  /**
   * Stop the timers and wait for a delivery under way; given `graceMs`, at most that long: then
   * the send is cut off and its claim released, so the email is due again at once elsewhere.
   */
  stop(graceMs?: number): Promise<void>;
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

/** Why a send was cut off: the server is stopping, another worker holds the claim, or it could not be renewed. */
type CutOff = 'stopping' | 'claim_lost' | 'not_renewed';

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const retries: Backoff = { baseMs: options.baseRetryMs ?? 30_000, capMs: options.maxRetryMs ?? 3_600_000 };
  const leaseMs = options.leaseMs ?? 8_000;
  const renewEveryMs = leaseMs / 3;
  const mailDir = path.join(options.dataDir, 'mail');
  const domain = options.fromAddress.split('@')[1] ?? 'localhost';
  // The SMTP connection of the send under way (one at a time), so it can be cut off.
  const sockets = new Set<Socket>();
  const transport = options.smtpUrl
    ? createTransport({
        url: options.smtpUrl,
        requireTLS: options.smtpRequireTls ?? false,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
        // A socket not yet connected: nodemailer connects it (and upgrades it to TLS) as its own.
        getSocket: (_options, callback) => {
          const socket = new Socket();
          // nodemailer handles the errors of the connection it uses; one after it let go must not
          // crash the process.
          socket.on('error', () => undefined);
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          callback(null, { socket });
        },
      })
    : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  /** The send under way: how it was cut off, if it was, and how to stop waiting for it. */
  interface Sending {
    cutOff: CutOff | null;
    stopWaiting(error: Error): void;
  }
  let sending: Sending | null = null;
  /** Cuts off `send` if it is still the one under way (a late renewal answer may name an earlier one). */
  const cutOff = (reason: CutOff, send: Sending | null = sending) => {
    if (!send || send !== sending || send.cutOff) return;
    send.cutOff = reason;
    // Its connection closed, the message can no longer be accepted. nodemailer notices only at
    // its socket timeout, so the worker stops waiting for it now.
    for (const socket of sockets) socket.destroy();
    send.stopWaiting(new Error(`send cut off: ${reason}`));
  };

  /**
   * Renews the claim every third of the lease while the send lasts. A claim someone else now
   * holds is never renewed (the statement names this claim's token) and this send stops; so does
   * one not renewed for two thirds of the lease (the database out of reach), before it can run out.
   */
  function keepClaim(email: ClaimedEmail, send: Sending): () => void {
    let renewedAt = Date.now();
    let renewing = false;
    const timer = setInterval(() => {
      if (Date.now() - renewedAt >= 2 * renewEveryMs) {
        cutOff('not_renewed', send);
        return;
      }
      if (renewing) return;
      renewing = true;
      const asked = Date.now();
      renewClaim(db, email, leaseMs)
        .then(
          (held) => {
            if (held) renewedAt = asked;
            else cutOff('claim_lost', send);
          },
          () => undefined,
        )
        .finally(() => {
          renewing = false;
        });
    }, renewEveryMs);
    return () => clearInterval(timer);
  }

  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
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

  /** After a failed send: refused for good, released, left to its new holder, or retried later. */
  async function settleFailure(email: ClaimedEmail, error: unknown, cut: CutOff | null): Promise<void> {
    if (error instanceof Unsendable) {
      await markEmailRefused(db, email.id, error.message);
      log.error({ outboxId: email.id, kind: email.kind, reason: error.message }, 'email refused');
    } else if (cut === 'stopping') {
      await releaseClaim(db, email);
      log.info({ outboxId: email.id }, 'email send cut off by the stop: released, due again now');
    } else if (cut === 'claim_lost') {
      log.warn({ outboxId: email.id }, 'email claimed by another worker meanwhile: this send stopped');
    } else {
      const attempts = email.attempts + 1;
      const delay = backoffDelay(retries, attempts, null, options.random);
      const reason = describeError(error);
      await markEmailFailed(db, email, reason, delay);
      log.warn({ outboxId: email.id, attempts, retryInMs: delay, reason }, 'email delivery failed');
    }
  }

  /** Claims one email at a time, so a crash strands at most the one being sent. */
  async function deliverDue(): Promise<number> {
    let sent = 0;
    while (!stopping) {
      const [email] = await claimDueEmails(db, 1, leaseMs);
      if (!email) break;
      let stopWaiting: (error: Error) => void = () => undefined;
      const cut = new Promise<never>((_resolve, reject) => (stopWaiting = reject));
      const send: Sending = { cutOff: null, stopWaiting };
      sending = send;
      const stopRenewing = keepClaim(email, send);
      const delivering = deliver(email);
      delivering.catch(() => undefined);
      const failure = await Promise.race([delivering, cut]).then(
        () => null,
        (error: unknown) => ({ error }),
      );
      stopRenewing();
      sending = null;
      if (failure) {
        await settleFailure(email, failure.error, send.cutOff);
        continue;
      }
      // Marked the moment the server said 250: the only window a crash can double an email.
      await markEmailSent(db, email.id);
      sent += 1;
      log.info({ outboxId: email.id, kind: email.kind }, 'email delivered');
    }
    return sent;
  }

  /**
   * The next look comes when the next email is due (a dead worker's lease running out, a retry),
   * if that is before the next poll: a stranded email waits no longer than its lease.
   */
  async function wakeWhenDue(): Promise<void> {
    const inMs = await nextDueInMs(db);
    if (stopped || inMs === null || inMs >= pollMs) return;
    clearTimeout(wakeTimer);
    wakeTimer = setTimeout(tick, Math.min(pollMs, Math.max(100, inMs + 20)));
    wakeTimer.unref();
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
    drain()
      .then(() => wakeWhenDue())
      .catch((error: unknown) => {
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
    async stop(graceMs) {
      if (stopped) return;
      stopped = true;
      stopping = true;
      clearInterval(timer);
      clearTimeout(wakeTimer);
      clearInterval(housekeepingTimer);
      const current = running?.catch(() => undefined);
      if (current && graceMs !== undefined) {
        let graceTimer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (graceTimer = setTimeout(resolve, graceMs, 'late')));
        if ((await Promise.race([current, late])) === 'late') cutOff('stopping');
        clearTimeout(graceTimer);
      }
      await current;
      transport.close();
    },
    nudge() {
      if (stopped) return;
      setImmediate(tick);
    },
    drain,
  };
}
