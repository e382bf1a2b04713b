// Runs the email outbox worker for the life of the app and exposes `app.mailOutbox.nudge()`
// for routes that queued an email (call it after the commit). The worker's timer also purges
// expired idempotency keys (with the answers stored in them) and the bodies of emails sent
// longer ago than MAIL_BODY_RETENTION, so that housekeeping never runs on a request path.
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createMailWorker, type MailWorker } from '../../mail/outbox-worker';
import type { PharmacyContact } from '../../mail/pharmacy-letter';
import { purgeSentBodies } from '../../repositories/email-outbox';
import { purgeExpiredKeys } from '../../repositories/idempotency-keys';

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: Pick<MailWorker, 'nudge' | 'drain'>;
  }
}

export const DEFAULT_MAIL_FROM = 'no-reply@pharmacy.localhost';

export function pharmacyContact(config: Config): PharmacyContact {
  return {
    name: config.pharmacyName,
    phone: config.pharmacyPhone,
    address: config.pharmacyAddress,
    hours: config.pharmacyHours,
    language: config.patientEmailLanguage,
  };
}

export interface MailOutboxOptions {
  pollMs?: number;
  baseRetryMs?: number;
  maxRetryMs?: number;
}

export const mailOutboxPlugin = fp<MailOutboxOptions>(
  async (app, options) => {
    const { config } = app;
    const worker = createMailWorker({
      db: app.db,
      dataDir: config.dataDir,
      smtpUrl: config.smtpUrl,
      smtpRequireTls: config.smtpRequireTls,
      fromName: config.pharmacyName,
      fromAddress: config.mailFrom ?? DEFAULT_MAIL_FROM,
      log: app.log,
      pollMs: options.pollMs,
      baseRetryMs: options.baseRetryMs,
      maxRetryMs: options.maxRetryMs,
      leaseMs: config.mailLeaseMs,
      housekeeping: async () => {
        const purged = await purgeExpiredKeys(app.db, app.config.idempotencyKeyDays);
        if (purged > 0) app.log.info({ purged }, 'expired idempotency keys purged');
        const cleared = await purgeSentBodies(app.db, app.config.mailBodyRetentionMs);
        if (cleared > 0) app.log.info({ cleared }, 'sent email bodies purged');
      },
    });
    app.decorate('mailOutbox', { nudge: () => worker.nudge(), drain: () => worker.drain() });
    app.addHook('onReady', async () => worker.start());
    // A clean stop lets the send under way finish within the grace, or releases its claim.
    app.drain.onStart((graceMs) => worker.stop(graceMs));
    // preClose runs before any onClose hook, so the worker is idle before the database closes.
    app.addHook('preClose', async () => worker.stop());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'mail-outbox', dependencies: ['drain'] },
);
