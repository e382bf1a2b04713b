// PUT /admin/prescription-request-notify/transfer: refused unless the transfer is completed,
// one queued email per request (and per Idempotency-Key), delivered as .eml without SMTP.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyResponse } from '../../../src/shared/prescription-api';
import { waitFor } from '../../support/wait-for';
import { bootPrescriptionApp, call, insertTransfer, unique, type TestContext, type ErrorResponse, type Row } from './fixtures';


const NOTIFY = '/admin/prescription-request-notify/transfer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await bootPrescriptionApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

async function transfer(id: number): Promise<Row> {
  const res = await call<Row[]>(ctx, 'GET', '/admin/transfers');
  return res.body.find((t) => t.transfer_id === id)!;
}

/** A header's RFC 2047 encoded words (nodemailer's UTF-8 Q encoding), decoded and unfolded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
}

/** Quoted-printable text (RFC 2045) as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const escaped = text.replace(/=\r?\n/g, '').replace(/%/g, '%25');
  return decodeURIComponent(escaped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`));
}

async function outbox(to: string): Promise<{ id: number; subject: string; body_text: string; sent_at: string | null }[]> {
  return ctx.app.db.query('SELECT id, subject, body_text, sent_at FROM email_outbox WHERE to_address = $1 ORDER BY id', [
    to,
  ]);
}

describe('notify a patient of a completed transfer', () => {
  it.each(['active', 'flagged'] as const)('409 not_completed for a %s transfer, and no email', async (status) => {
    const email = `${unique('pat')}@patients.test`;
    const id = await insertTransfer(ctx.app, { status, email });
    const res = await call<ErrorResponse>(ctx, 'PUT', NOTIFY, { body: await transfer(id), key: unique('key') });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'not_completed',
      message: 'Please complete the transfer before sending a notification.',
    });
    expect(res.body.record).toMatchObject({ transfer_id: id, status });
    expect(await outbox(email)).toEqual([]);
  });

  it('trusts the server, not the body: a body claiming "completed" does not pass', async () => {
    const id = await insertTransfer(ctx.app);
    const body = { ...(await transfer(id)), status: 'completed' };
    const res = await call<ErrorResponse>(ctx, 'PUT', NOTIFY, { body });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('not_completed');
  });

  it('409 no_email when the patient has no email address', async () => {
    const id = await insertTransfer(ctx.app, { status: 'completed', email: null });
    const res = await call<ErrorResponse>(ctx, 'PUT', NOTIFY, { body: await transfer(id) });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'no_email', message: 'This patient has no email address on file.' });
    expect(res.body.record).toMatchObject({ transfer_id: id });
  });

  it('404 for an unknown transfer; 400 naming transfer_id for a bad body', async () => {
    const missing = await call<ErrorResponse>(ctx, 'PUT', NOTIFY, { body: { transfer_id: 987654321 } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    for (const body of [undefined, {}, { transfer_id: '12' }, { transfer_id: 0 }, { transfer_id: 1.5 }, [1], { transfer_id: [12] }]) {
      const res = await call<ErrorResponse>(ctx, 'PUT', NOTIFY, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('transfer_id');
      expect(res.body.error.message, JSON.stringify(body)).toBe('transfer_id must be a positive whole number.');
    }
  });

  it('queues one email to the address on file and answers {transfer_id, queued, record}', async () => {
    const email = `${unique('ada')}@patients.test`;
    const id = await insertTransfer(ctx.app, { status: 'completed', email });
    const body = { ...(await transfer(id)), email: 'attacker@elsewhere.test' };
    const key = unique('key');
    const res = await call<NotifyResponse>(ctx, 'PUT', NOTIFY, { body, key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['queued', 'record', 'transfer_id']);
    expect(res.body).toMatchObject({ transfer_id: id, queued: true, record: { transfer_id: id, status: 'completed', email } });
    expect(res.body.record).not.toHaveProperty('change_no');
    expect(await outbox(email)).toHaveLength(1);
    expect(await outbox('attacker@elsewhere.test')).toEqual([]);

    // The outbox resends after a lost answer: the stored answer comes back, no second email.
    const replay = await call<NotifyResponse>(ctx, 'PUT', NOTIFY, { body, key });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect(await outbox(email)).toHaveLength(1);

    const mismatch = await call<ErrorResponse>(ctx, 'PUT', NOTIFY, { body: { transfer_id: id }, key });
    expect(mismatch.status).toBe(422);
    expect(await outbox(email)).toHaveLength(1);

    // A new request (a new key) is a new notification.
    expect((await call(ctx, 'PUT', NOTIFY, { body, key: unique('key') })).status).toBe(200);
    expect(await outbox(email)).toHaveLength(2);
  });

  it('concurrent resends with one key queue one email', async () => {
    const email = `${unique('con')}@patients.test`;
    const id = await insertTransfer(ctx.app, { status: 'completed', email });
    const body = await transfer(id);
    const key = unique('key');
    const results = await Promise.all([0, 1, 2, 3].map(() => call(ctx, 'PUT', NOTIFY, { body, key })));
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await outbox(email)).toHaveLength(1);
  });

  it('delivers a .eml into DATA_DIR/mail that reads like the pharmacy wrote it, without health details', async () => {
    const email = `${unique('eml')}@patients.test`;
    const id = await insertTransfer(ctx.app, {
      status: 'completed',
      email,
      first_name: 'Mary',
      date_of_birth: '1961-03-14',
      pharmacy_name: 'Lakeshore Apothecary',
      pharmacy_number: '647-555-0142',
      postal_code: 'M4C 1B5',
    });
    const res = await call(ctx, 'PUT', NOTIFY, { body: await transfer(id), key: unique('key') });
    expect(res.status).toBe(200);
    const [row] = await waitFor(
      'the email delivered',
      async () => {
        const rows = await outbox(email);
        return rows[0]?.sent_at ? rows : undefined;
      },
      { timeout: 15_000 },
    );
    const mailDir = path.join(ctx.dataDir, 'mail');
    const file = (await readdir(mailDir)).find((f) => f.startsWith(`outbox-${row!.id}-`) && f.endsWith('.eml'));
    expect(file).toBeDefined();
    const eml = await readFile(path.join(mailDir, file!), 'utf8');
    const pharmacy = ctx.app.config.pharmacyName;

    expect(eml).toMatch(new RegExp(`^From: "?${pharmacy}"? <[^>]+@[^>]+>$`, 'm'));
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toMatch(new RegExp(`^Subject: Your prescription transfer to ${pharmacy} is complete$`, 'm'));
    expect(eml).toMatch(new RegExp(`^Message-ID: <outbox-${row!.id}-\\d+@[^>]+>$`, 'm'));
    const text = row!.body_text;
    expect(text).toMatch(/^Hello Mary,/);
    expect(text).toContain('Lakeshore Apothecary');
    expect(text).toContain(pharmacy);
    expect(text).toMatch(/filled/);
    expect(text).toMatch(/picked up/);
    for (const secret of ['1961', '03-14', 'March', 'M4C', '647-555-0142']) {
      expect(eml).not.toContain(secret);
    }
  });

  it('writes it in French with PATIENT_EMAIL_LANGUAGE=fr: the .eml is UTF-8 and reads as the French letter', async () => {
    const email = `${unique('fr')}@patients.test`;
    const id = await insertTransfer(ctx.app, {
      status: 'completed',
      email,
      first_name: 'Marie',
      date_of_birth: '1961-03-14',
      pharmacy_name: 'Pharmacie Lakeshore',
      pharmacy_number: '647-555-0142',
      postal_code: 'M4C 1B5',
    });
    // The app reads the setting each time it queues an email: this one only is queued in French.
    ctx.app.config.patientEmailLanguage = 'fr';
    try {
      expect((await call(ctx, 'PUT', NOTIFY, { body: await transfer(id), key: unique('key') })).status).toBe(200);
    } finally {
      ctx.app.config.patientEmailLanguage = 'en';
    }
    const [row] = await waitFor(
      'the email delivered',
      async () => {
        const rows = await outbox(email);
        return rows[0]?.sent_at ? rows : undefined;
      },
      { timeout: 15_000 },
    );
    const pharmacy = ctx.app.config.pharmacyName;
    const subject = `Votre transfert d'ordonnance vers ${pharmacy} est terminé`;
    expect(row!.subject).toBe(subject);
    expect(row!.body_text).toMatch(/^Bonjour Marie,\n\nBonne nouvelle\u00a0: le transfert de votre ordonnance de Pharmacie Lakeshore /);
    expect(row!.body_text).toContain('Ce courriel est un message automatique.');

    const mailDir = path.join(ctx.dataDir, 'mail');
    const file = (await readdir(mailDir)).find((f) => f.startsWith(`outbox-${row!.id}-`) && f.endsWith('.eml'));
    const eml = await readFile(path.join(mailDir, file!), 'utf8');
    const blank = eml.search(/\r?\n\r?\n/);
    const head = eml.slice(0, blank);
    const body = eml.slice(blank).replace(/^\r?\n\r?\n/, '');
    expect(head).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
    expect(head).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    expect(decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)![1]!)).toBe(subject);
    expect(decodeQuotedPrintable(body)).toBe(row!.body_text);
    for (const secret of ['1961', '03-14', 'mars', 'M4C', '647-555-0142']) {
      expect(eml).not.toContain(secret);
    }
  });
});
