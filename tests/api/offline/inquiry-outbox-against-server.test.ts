// The app's inquiry actions (resolve, unresolve, reply) through the device's real outbox against
// the real server, with faults injected by the proxy: answers lost after the server committed,
// 500s, an expired token, connections dropped before arrival. Each change lands once (one audit
// event), each reply is emailed once, and a reply someone else sent first becomes a conflict
// carrying their reply, with ours kept on the device.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDevice } from '../../support/fresh-device';
import { db as device } from '../../../src/client/offline/db';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { isUnsent } from '../../../src/client/offline/outbox-entry';
import { inquiryToggleCall, replyCall } from '../../../src/shared/actions/calls';
import { authGate, setTokenSource } from '../../../src/client/offline/session';
import { sessionState } from '../../../src/client/offline/session-state';
import { syncCollection } from '../../../src/client/offline/sync-engine';
import type { Inquiry } from '../../../src/shared/entities';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser, expiredToken, type TestUser } from '../support/tokens';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy';
import { shownRecord, cachedList } from '../../support/cached-list';

let server: TestApp;
let proxy: FaultProxy;
let staff: TestUser;

beforeAll(async () => {
  await freshDevice();
  server = await bootTestApp();
  staff = await createTestUser('admin');
  proxy = await startFaultProxy(server.baseUrl, () => expiredToken(staff.uid, staff.email));
  setApiOrigin(proxy.origin);
  sessionState.set({ status: 'verified', person: { uid: staff.uid, email: staff.email } });
  setTokenSource(async () => ({ uid: staff.uid, token: staff.token }));
  authGate.set('open');
  await syncCollection('inquiries');
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

async function drain(): Promise<void> {
  for (let round = 0; round < 40 && (await device.outbox.where('state').anyOf('pending', 'sending').count()) > 0; round++) {
    authGate.set('open');
    await drainOutbox({ ignoreBackoff: true });
  }
}

async function events(id: number): Promise<{ from_status: string; to_status: string }[]> {
  return server.db.query(
    `SELECT from_status, to_status FROM request_status_events WHERE entity = 'inquiries' AND record_id = $1 ORDER BY event_id`,
    [id],
  );
}

async function replyEmails(to: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'inquiry_reply' AND to_address = $1`,
    [to],
  );
  return row!.n;
}

const cachedInquiries = async () => (await cachedList('inquiries').toArray()) as Inquiry[];
const uniqueEmail = (all: Inquiry[]) => (q: Inquiry) => q.email !== null && all.filter((o) => o.email === q.email).length === 1;

describe('inquiry actions through the outbox against the real server with faults injected', () => {
  it('resolve, unresolve and reply land once each; each reply is emailed once', async () => {
    const all = await cachedInquiries();
    const fresh = all.filter((q) => !q.resolved && !q.replied && uniqueEmail(all)(q)).slice(0, 3);
    expect(fresh).toHaveLength(3);
    const [toggled, replied, both] = fresh as [Inquiry, Inquiry, Inquiry];
    const before = { replied: await replyEmails(replied.email!), both: await replyEmails(both.email!) };

    proxy.script.length = 0;
    proxy.log.length = 0;
    const faults: Fault[] = ['drop-after-commit', 'error-500', 'expired-token', 'drop-before', 'drop-after-commit', 'drop-after-commit'];
    proxy.script.push(...faults);
    await enqueueAction(inquiryToggleCall(toggled, 'resolve'), toggled);
    await enqueueAction(inquiryToggleCall(toggled, 'unresolve'), toggled);
    await enqueueAction(replyCall(replied, 'Your refill is ready.'), replied);
    await enqueueAction(inquiryToggleCall(both, 'resolve'), both);
    await enqueueAction(replyCall(both, 'We open at nine.'), both);
    await drain();

    expect(await device.outbox.filter(isUnsent).count()).toBe(0);
    expect(proxy.log.slice(0, faults.length)).toEqual(faults);
    expect(await events(toggled.message_id)).toEqual([
      { from_status: 'new', to_status: 'resolved' },
      { from_status: 'resolved', to_status: 'new' },
    ]);
    expect(await events(replied.message_id)).toEqual([{ from_status: 'new', to_status: 'replied' }]);
    expect(await events(both.message_id)).toEqual([
      { from_status: 'new', to_status: 'resolved' },
      { from_status: 'resolved', to_status: 'replied' },
    ]);
    expect(await replyEmails(replied.email!)).toBe(before.replied + 1);
    expect(await replyEmails(both.email!)).toBe(before.both + 1);
    const [stored] = await server.db.query<{ reply: string; replied: boolean; resolved: boolean }>(
      'SELECT reply, replied, resolved FROM inquiries WHERE message_id = $1',
      [replied.message_id],
    );
    expect(stored).toEqual({ reply: 'Your refill is ready.', replied: true, resolved: true });
    expect(await shownRecord('inquiries', replied.message_id)).toMatchObject({ replied: true, reply: 'Your refill is ready.' });
  });

  it("a reply someone sent first is a conflict: the device shows theirs, keeps ours, and nothing more is emailed", async () => {
    const all = await cachedInquiries();
    const target = all.find((q) => !q.replied && uniqueEmail(all)(q))!;
    proxy.script.length = 0;
    const entry = await enqueueAction(replyCall(target, 'Ours, written offline.'), target);
    // A colleague's device answers first, straight to the server.
    const theirs = await fetch(`${server.baseUrl}/nodejsapp/api/admin/messages/${target.message_id}/reply`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': `colleague-${target.message_id}` },
      body: JSON.stringify({ reply: 'Theirs, sent first.' }),
    });
    expect(theirs.status).toBe(200);
    const emails = await replyEmails(target.email!);
    const audited = (await events(target.message_id)).length;
    await drain();

    const [kept] = await device.outbox.filter(isUnsent).toArray();
    expect(kept).toMatchObject({ id: entry.id, state: 'conflict', lastStatus: 409 });
    expect((kept!.args.body as { reply: string }).reply).toBe('Ours, written offline.');
    expect(await shownRecord('inquiries', target.message_id)).toMatchObject({ replied: true, reply: 'Theirs, sent first.' });
    expect(await replyEmails(target.email!)).toBe(emails);
    expect(await events(target.message_id)).toHaveLength(audited);
  });
});
