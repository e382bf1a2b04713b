// The inquiry actions as outbox kinds: the cached inquiry shows the change at once, the spec's
// reply body is sent once, a reply the machine forbids is never queued, and a conflict (someone
// replied first) keeps the other reply on screen with the refused one kept for Retry/Discard.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api';
import { resetDevice } from './test-device';
import { ChangeNotAllowedError, ChangeNotValidError, waitForOutboxResult } from '../../../src/client/offline/actions';
import { db } from '../../../src/client/offline/db';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { requeueEntry } from '../../../src/client/offline/outbox-edits';
import { requestOf } from '../../../src/client/offline/outbox-send';
import { inquiryToggleCall, replyCall } from '../../../src/shared/actions/calls';
import type { Inquiry } from '../../../src/shared/entities';
import { REPLY_MAX_CHARS } from '../../../src/shared/inquiry-api';
import { cachedList, shownRecord } from '../../support/cached-list';

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

/** The inquiry as a person sees it on this device. */
async function cached(id: number): Promise<Inquiry> {
  return (await shownRecord('inquiries', id))!;
}

const queueToggle = (record: Inquiry, action: 'resolve' | 'unresolve') => enqueueAction(inquiryToggleCall(record, action), record);
const queueReply = (record: Inquiry, text: string) => enqueueAction(replyCall(record, text), record);

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
    await cachedList('inquiries').put(inquiry(7));
    const resolve = await queueToggle(inquiry(7), 'resolve');
    expect(resolve).toMatchObject({ action: 'inquiry-resolve', label: 'Mark as Resolved' });
    expect(requestOf(resolve)).toEqual({ method: 'PUT', path: '/admin/messages/7/resolve', body: undefined });
    expect((await cached(7)).resolved).toBe(true);

    const unresolve = await queueToggle(inquiry(7), 'unresolve');
    expect(unresolve).toMatchObject({ action: 'inquiry-unresolve', label: 'Mark as Unresolved' });
    expect(requestOf(unresolve).path).toBe('/admin/messages/7/unresolve');
    expect((await cached(7)).resolved).toBe(false);
  });

  it('a reply shows at once as replied with its text and sends the spec body, trimmed', async () => {
    await cachedList('inquiries').put(inquiry(8));
    const entry = await queueReply(inquiry(8), '  Yes, behind the store.  ');
    expect(entry).toMatchObject({ action: 'inquiry-reply', label: 'Send Reply' });
    expect(requestOf(entry)).toEqual({
      method: 'PUT',
      path: '/admin/messages/8/reply',
      body: { selectedInquiry: inquiry(8), reply: 'Yes, behind the store.' },
    });
    expect(await cached(8)).toMatchObject({ resolved: true, replied: true, reply: 'Yes, behind the store.' });
  });

  it('never queues a reply the server would refuse: empty, only spaces, too long, or already replied', async () => {
    await cachedList('inquiries').put(inquiry(9));
    await expect(queueReply(inquiry(9), '   ')).rejects.toBeInstanceOf(ChangeNotValidError);
    await expect(queueReply(inquiry(9), 'x'.repeat(REPLY_MAX_CHARS + 1))).rejects.toBeInstanceOf(ChangeNotValidError);
    await queueReply(inquiry(9), 'x'.repeat(REPLY_MAX_CHARS));
    await expect(queueReply(inquiry(9), 'again')).rejects.toBeInstanceOf(ChangeNotAllowedError);
    await expect(queueToggle(inquiry(9), 'unresolve')).rejects.toBeInstanceOf(ChangeNotAllowedError);
    expect(await db.outbox.count()).toBe(1);
  });

  it("takes the server's inquiry from the reply's answer ({ message_id, emailed, record })", async () => {
    await cachedList('inquiries').put(inquiry(10));
    const entry = await queueReply(inquiry(10), 'See you soon.');
    const record = inquiry(10, { resolved: true, replied: true, reply: 'See you soon.', email: 'changed@example.com' });
    api.script.push({ kind: 'status', status: 200, body: { message_id: 10, emailed: true, record } });
    await drainOutbox();
    expect(await waitForOutboxResult(entry.id)).toMatchObject({ ok: true });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ state: 'sent' })]);
    expect(await cached(10)).toEqual(record);
    expect(api.log.filter((line) => line.method === 'PUT')).toHaveLength(1);
  });

  it('a conflicting reply: the other reply becomes the view, ours stays queued as a conflict with its text', async () => {
    await cachedList('inquiries').put(inquiry(11));
    const entry = await queueReply(inquiry(11), 'Our answer.');
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
    expect(kept).toMatchObject({ state: 'conflict', action: 'inquiry-reply', lastStatus: 409 });
    expect((kept!.args.body as { reply: string }).reply).toBe('Our answer.');
    // A new reply is refused by the machine on the inquiry as it is now; a Retry is the person's
    // decision, and the server refuses it again.
    await expect(queueReply(inquiry(11), 'Another answer.')).rejects.toBeInstanceOf(ChangeNotAllowedError);
    const retried = await requeueEntry(entry.id);
    expect(retried).toMatchObject({ state: 'pending', args: kept!.args });
  });
});
