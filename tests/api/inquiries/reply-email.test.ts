// A reply is emailed to the person who asked, through the outbox, exactly once per reply: counted
// at a real SMTP socket, under a replayed Idempotency-Key, concurrent resends, and a connection
// dropped before or after the server committed (real HTTP through a fault-injecting proxy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/shared/constants';
import type { Inquiry } from '../../../src/shared/entities';
import type { ReplyResponse } from '../../../src/shared/inquiry-api';
import { QUESTION_QUOTE_CHARS } from '../../../src/server/mail/inquiry-reply-email';
import { startFaultProxy, type FaultProxy } from '../offline/fault-proxy';
import { call, unique } from '../prescriptions/fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../prescriptions/smtp-test-server';
import { waitFor } from '../../support/wait-for';
import { bootInquiryApp, insertInquiry, insertUser, outboxTo, type InquiryContext } from './fixtures';

let smtp: SmtpTestServer;
let ctx: InquiryContext;
let proxy: FaultProxy;
const PHONE = '416-555-0100';

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  ctx = await bootInquiryApp({ seed: false, config: { smtpUrl: smtp.url, pharmacyPhone: PHONE } });
  proxy = await startFaultProxy(ctx.baseUrl, () => ctx.tokens.admin);
});
afterAll(async () => {
  await proxy?.close();
  await ctx?.close();
  await smtp?.close();
});

const delivered = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

/** Every queued email has reached the SMTP server (or the wait times out). */
async function settled(): Promise<void> {
  await ctx.app.mailOutbox.drain();
  await waitFor(
    'every queued email to be sent',
    async () => {
      const [row] = await ctx.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL');
      return row!.n === 0;
    },
    { timeout: 15_000 },
  );
}

/** A PUT over real HTTP through the proxy, as the app's outbox sends it. */
async function putOverHttp(path: string, key: string, body: unknown): Promise<{ status: number; body: ReplyResponse; replayed: boolean }> {
  const res = await fetch(`${proxy.origin}${API_BASE}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ctx.tokens.admin}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ReplyResponse, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

describe('the reply email', () => {
  it('is one email to the guest with the pharmacy name, the question quoted and the reply; a replay sends no second', async () => {
    const email = `${unique('guest')}@guests.test`;
    const id = await insertInquiry(ctx.app, {
      first_name: 'Gus',
      email,
      message: 'Do you carry the shingles vaccine,\nand do I need an appointment?',
    });
    const key = unique('key');
    const body = { reply: 'We do. Walk in any weekday after 11.' };
    const first = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { key, body });
    expect(first.status).toBe(200);
    expect(first.body.emailed).toBe(true);
    for (let i = 0; i < 3; i++) {
      const replay = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { key, body });
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
    }
    await settled();
    expect(delivered(email)).toHaveLength(1);
    const [row] = await outboxTo(ctx.app, email);
    expect(row!.kind).toBe('inquiry_reply');
    const pharmacy = ctx.app.config.pharmacyName;
    expect(row!.subject).toBe(`Re: your message to ${pharmacy}`);
    expect(delivered(email)[0]!.data).toMatch(new RegExp(`^Subject: Re: your message to ${pharmacy}\\r?$`, 'm'));
    const text = row!.body_text;
    expect(text).toMatch(/^Hello Gus,/);
    expect(text).toContain(pharmacy);
    expect(text).toContain('> Do you carry the shingles vaccine, and do I need an appointment?');
    expect(text).toContain('We do. Walk in any weekday after 11.');
    expect(text).toContain(PHONE);
  });

  it("goes to the patient's account address when the inquiry has none", async () => {
    const account = `${unique('acct')}@patients.test`;
    const userId = await insertUser(ctx.app, { email: account, first_name: 'Mary' });
    const id = await insertInquiry(ctx.app, { user_id: userId, email: null, first_name: 'Mary' });
    const res = await call<ReplyResponse>(ctx, 'PUT', `/admin/messages/${id}/reply`, { body: { reply: 'Ready Friday.' } });
    expect(res.body.emailed).toBe(true);
    await settled();
    expect(delivered(account)).toHaveLength(1);
  });

  it('quotes a long question briefly', async () => {
    const email = `${unique('long')}@guests.test`;
    const question = `${'I have a question about my medication schedule. '.repeat(12)}THE-END-OF-THE-QUESTION`;
    const id = await insertInquiry(ctx.app, { email, message: question });
    expect((await call(ctx, 'PUT', `/admin/messages/${id}/reply`, { body: { reply: 'Please call us.' } })).status).toBe(200);
    const [row] = await outboxTo(ctx.app, email);
    const quote = row!.body_text.split('\n').find((line) => line.startsWith('> '))!;
    expect(quote.endsWith('…')).toBe(true);
    expect([...quote].length).toBeLessThanOrEqual(QUESTION_QUOTE_CHARS + 3);
    expect(row!.body_text).not.toContain('THE-END-OF-THE-QUESTION');
  });

  it('concurrent resends with one key send one email', async () => {
    const email = `${unique('con')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    const key = unique('key');
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => call(ctx, 'PUT', `/admin/messages/${id}/reply`, { key, body: { reply: 'Yes.' } })),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    await settled();
    expect(delivered(email)).toHaveLength(1);
  });

  it('a connection dropped after the commit, then a resend with the same key: one email, the stored answer', async () => {
    const email = `${unique('drop')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    const key = unique('key');
    const body = { selectedInquiry: { message_id: id }, reply: 'It is in stock.' };
    proxy.script.push('drop-after-commit');
    await expect(putOverHttp(`/admin/messages/${id}/reply`, key, body)).rejects.toThrow();
    // The server committed the reply although the answer was lost.
    const [stored] = (await call<Inquiry[]>(ctx, 'GET', `/admin/inquiries/${id}`)).body;
    expect(stored).toMatchObject({ replied: true, reply: 'It is in stock.' });

    const resend = await putOverHttp(`/admin/messages/${id}/reply`, key, body);
    expect(resend.status).toBe(200);
    expect(resend.replayed).toBe(true);
    expect(resend.body).toMatchObject({ message_id: id, emailed: true, record: { replied: true, reply: 'It is in stock.' } });
    await settled();
    expect(delivered(email)).toHaveLength(1);
    expect(proxy.log.slice(-2)).toEqual(['drop-after-commit', 'pass']);
  });

  it('a connection dropped before the server saw it, then a resend: one email', async () => {
    const email = `${unique('before')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    const key = unique('key');
    proxy.script.push('drop-before', 'error-500');
    await expect(putOverHttp(`/admin/messages/${id}/reply`, key, { reply: 'Yes.' })).rejects.toThrow();
    expect((await putOverHttp(`/admin/messages/${id}/reply`, key, { reply: 'Yes.' })).status).toBe(500);
    expect(await outboxTo(ctx.app, email)).toEqual([]);
    const sent = await putOverHttp(`/admin/messages/${id}/reply`, key, { reply: 'Yes.' });
    expect(sent.status).toBe(200);
    expect(sent.replayed).toBe(false);
    await settled();
    expect(delivered(email)).toHaveLength(1);
  });

  it('a second reply (another key, another admin) is refused: still one email', async () => {
    const email = `${unique('second')}@guests.test`;
    const id = await insertInquiry(ctx.app, { email });
    expect((await call(ctx, 'PUT', `/admin/messages/${id}/reply`, { key: unique('key'), body: { reply: 'One.' } })).status).toBe(200);
    const again = await call(ctx, 'PUT', `/admin/messages/${id}/reply`, {
      key: unique('key'),
      token: ctx.tokens.otherAdmin,
      body: { reply: 'Two.' },
    });
    expect(again.status).toBe(409);
    await settled();
    expect(delivered(email)).toHaveLength(1);
  });
});
