// The inquiry actions as outbox kinds: the cached inquiry shows the change at once, the spec's
// reply body is sent once, a reply the machine forbids is never queued, and a conflict (someone
// replied first) keeps the other reply on screen with the refused one kept for Retry/Discard.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api';
import { resetDevice } from './test-device';
import {
  ChangeNotAllowedError,
  ReplyNotValidError,
  changeAgain,
  inquiryChange,
  waitForOutboxResult,
} from '../../../src/client/offline/actions';
import { db } from '../../../src/client/offline/db';
import { enqueueChange } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { toView } from '../../../src/client/offline/cached-row';
import type { Inquiry } from '../../../src/shared/entities';
import { REPLY_MAX_CHARS } from '../../../src/shared/inquiry-api';

let api: FakeApi;

function inquiry(id: number, overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    message_id: id,
    user_id: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone_number: '416-555-0100',
    message: 'Is there parking behind the store?',
    created_at: '2026-11-20T15:00:00.000Z',
    resolved: false,
    replied: false,
    reply: null,
    ...overrides,
  };
}

async function cached(id: number): Promise<Inquiry> {
  return toView<Inquiry>((await db.inquiries.get(id))!);
}

beforeEach(async () => {
  api = await startFakeApi();
  setApiOrigin(api.origin);
  await resetDevice('token-1');
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await api.close();
});

describe('inquiry outbox kinds', () => {
  it('resolve and unresolve change the cached inquiry at once and call the spec paths', async () => {
    await db.inquiries.put(inquiry(7));
    const resolve = await enqueueChange(inquiryChange(inquiry(7), 'resolve'));
    expect(resolve).toMatchObject({ kind: 'inquiry-resolve', method: 'PUT', path: '/admin/messages/7/resolve', label: 'Mark as Resolved' });
    expect(resolve.body).toBeUndefined();
    expect((await cached(7)).resolved).toBe(true);

    const unresolve = await enqueueChange(inquiryChange(inquiry(7), 'unresolve'));
    expect(unresolve).toMatchObject({ kind: 'inquiry-unresolve', path: '/admin/messages/7/unresolve', label: 'Mark as Unresolved' });
    expect((await cached(7)).resolved).toBe(false);
  });

  it('a reply shows at once as replied with its text and sends the spec body, trimmed', async () => {
    await db.inquiries.put(inquiry(8));
    const entry = await enqueueChange(inquiryChange(inquiry(8), 'reply', '  Yes, behind the store.  '));
    expect(entry).toMatchObject({ kind: 'inquiry-reply', path: '/admin/messages/8/reply', label: 'Send Reply' });
    expect(entry.body).toEqual({ selectedInquiry: inquiry(8), reply: 'Yes, behind the store.' });
    expect(await cached(8)).toMatchObject({ resolved: true, replied: true, reply: 'Yes, behind the store.' });
  });

  it('never queues a reply the server would refuse: empty, only spaces, too long, or already replied', async () => {
    await db.inquiries.put(inquiry(9));
    await expect(enqueueChange(inquiryChange(inquiry(9), 'reply', '   '))).rejects.toBeInstanceOf(ReplyNotValidError);
    await expect(enqueueChange(inquiryChange(inquiry(9), 'reply', 'x'.repeat(REPLY_MAX_CHARS + 1)))).rejects.toBeInstanceOf(ReplyNotValidError);
    await enqueueChange(inquiryChange(inquiry(9), 'reply', 'x'.repeat(REPLY_MAX_CHARS)));
    await expect(enqueueChange(inquiryChange(inquiry(9), 'reply', 'again'))).rejects.toBeInstanceOf(ChangeNotAllowedError);
    await expect(enqueueChange(inquiryChange(inquiry(9), 'unresolve'))).rejects.toBeInstanceOf(ChangeNotAllowedError);
    expect(await db.outbox.count()).toBe(1);
  });

  it("takes the server's inquiry from the reply's answer ({ message_id, emailed, record })", async () => {
    await db.inquiries.put(inquiry(10));
    const entry = await enqueueChange(inquiryChange(inquiry(10), 'reply', 'See you soon.'));
    const record = inquiry(10, { resolved: true, replied: true, reply: 'See you soon.', email: 'changed@example.com' });
    api.script.push({ kind: 'status', status: 200, body: { message_id: 10, emailed: true, record } });
    await drainOutbox();
    expect(await waitForOutboxResult(entry.id)).toMatchObject({ ok: true });
    expect(await db.outbox.count()).toBe(0);
    expect(await cached(10)).toEqual(record);
    expect(api.log.filter((line) => line.method === 'PUT')).toHaveLength(1);
  });

  it('a conflicting reply: the other reply becomes the view, ours stays queued as a conflict with its text', async () => {
    await db.inquiries.put(inquiry(11));
    const entry = await enqueueChange(inquiryChange(inquiry(11), 'reply', 'Our answer.'));
    const theirs = inquiry(11, { resolved: true, replied: true, reply: 'A colleague answered first.' });
    api.script.push({
      kind: 'status',
      status: 409,
      body: { error: { code: 'conflict', message: 'Inquiry 11 has already been replied to; it cannot be replied to again.' }, record: theirs },
    });
    await drainOutbox();
    expect(await waitForOutboxResult(entry.id)).toMatchObject({ ok: false, status: 409 });
    expect(await cached(11)).toEqual(theirs);
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ state: 'conflict', kind: 'inquiry-reply', lastStatus: 409 });
    expect((kept!.body as { reply: string }).reply).toBe('Our answer.');
    // Retry builds the change again from the inquiry as it is now: the machine refuses it.
    await expect(enqueueChange(changeAgain(kept!, theirs as never))).rejects.toBeInstanceOf(ChangeNotAllowedError);
  });

  it('changeAgain rebuilds each inquiry kind with its words and, for a reply, its text', () => {
    const base = inquiry(12);
    const entry = { kind: 'inquiry-reply', body: { reply: 'Kept text' } } as never;
    const again = changeAgain(entry, base as never);
    expect(again).toMatchObject({ kind: 'inquiry-reply', path: '/admin/messages/12/reply' });
    expect(again.body?.(base as never)).toEqual({ selectedInquiry: base, reply: 'Kept text' });
    expect(changeAgain({ kind: 'inquiry-resolve' } as never, base as never)).toMatchObject({ path: '/admin/messages/12/resolve' });
    expect(changeAgain({ kind: 'inquiry-unresolve' } as never, base as never)).toMatchObject({ path: '/admin/messages/12/unresolve' });
  });
});
