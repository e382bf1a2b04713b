// Changes belong to the person who queued them (issue 10, items 5 and 6): each goes only with
// its owner's token, changes queued before owners were recorded wait for a person to claim
// them, and a change older than the server's key retention is not replayed blindly.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api';
import { resetDevice, sampleTransfer, shownTransfer, STAFF, tokenOf, unsentCount } from './test-device';
import { db, DB_NAME } from '../../../src/client/offline/db';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { applyKeyRetention } from '../../../src/client/offline/key-retention';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { claimEntries, discardEntries, requeueEntry } from '../../../src/client/offline/outbox-edits';
import { entryStanding, isUnsent, OUTBOX_SCHEMA_VERSION } from '../../../src/client/offline/outbox-entry';
import { migrateEntry, type LegacyEntry } from '../../../src/client/offline/outbox-migrate';
import { notifyCall, transferStatusCall } from '../../../src/shared/actions/calls';
import { setTokenSource } from '../../../src/client/offline/session';
import { sessionState } from '../../../src/client/offline/session-state';
import type { TransferAction } from '../../../src/shared/request-status';
import { cachedList } from '../../support/cached-list';

const COLLEAGUE = { uid: 'uid-2', email: 'colleague@pharmacy.test' } as const;
let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  api.tokens.add('token-2');
  setApiOrigin(api.origin);
  await resetDevice('token-1');
  applyKeyRetention({ idempotencyKeyDays: 30 });
  api.seed(4);
  await cachedList('transfers').bulkPut([1, 2, 3, 4].map((id) => sampleTransfer(id)));
});

afterEach(async () => {
  vi.useRealTimers();
  await api.close();
});

const queue = (id: number, action: TransferAction = 'complete') => enqueueAction(transferStatusCall(id, action), sampleTransfer(id));
const unsent = async () => (await db.outbox.toArray()).filter(isUnsent);
const mutations = () => api.log.filter((request) => request.method !== 'GET');

function signIn(person: { uid: string; email: string }, token: string): void {
  sessionState.set({ status: 'verified', person: person });
  setTokenSource(tokenOf(token, person.uid));
}

describe('changes belong to the person who queued them', () => {
  it("records the owner, sends only with the owner's token, and leaves others' changes untouched", async () => {
    const mine = await queue(1);
    signIn(COLLEAGUE, 'token-2');
    const theirs = await queue(2);
    expect(mine.owner).toEqual(STAFF);
    expect(theirs.owner).toEqual(COLLEAGUE);

    // The colleague is signed in now: only their change goes, with their token.
    await drainOutbox();
    expect(mutations().map((r) => [r.key, r.token])).toEqual([[theirs.id, 'token-2']]);
    expect(await unsent()).toEqual([expect.objectContaining({ id: mine.id, state: 'pending', attempts: 0 })]);

    // The first person signs in again: theirs goes, once, with their own token.
    signIn(STAFF, 'token-1');
    await drainOutbox();
    expect(mutations().map((r) => [r.key, r.token])).toEqual([
      [theirs.id, 'token-2'],
      [mine.id, 'token-1'],
    ]);
    expect(await unsentCount()).toBe(0);
    expect(api.effects.get(mine.id)).toBe(1);
  });

  it("a record's changes keep their order across people: mine waits behind a colleague's", async () => {
    signIn(COLLEAGUE, 'token-2');
    const first = await queue(1, 'complete');
    signIn(STAFF, 'token-1');
    const second = await queue(1, 'incomplete');
    const other = await queue(3);
    await drainOutbox();
    expect(mutations().map((r) => r.key)).toEqual([other.id]);
    signIn(COLLEAGUE, 'token-2');
    await drainOutbox();
    signIn(STAFF, 'token-1');
    await drainOutbox();
    expect(mutations().map((r) => r.key)).toEqual([other.id, first.id, second.id]);
  });

  it('never sends with a token that turns out to be someone else\'s', async () => {
    await queue(1);
    // The page's person is STAFF, but the token source now answers for the colleague.
    setTokenSource(tokenOf('token-2', COLLEAGUE.uid));
    await drainOutbox();
    expect(mutations()).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('discards a set of changes and shows their records as the server has them', async () => {
    signIn(COLLEAGUE, 'token-2');
    const a = await queue(1);
    const b = await queue(2, 'flag');
    expect((await shownTransfer(2))!.status).toBe('flagged');
    signIn(STAFF, 'token-1');
    expect((await discardEntries([a.id, b.id])).sort()).toEqual([a.id, b.id].sort());
    expect(await unsentCount()).toBe(0);
    expect((await shownTransfer(2))!.status).toBe('active');
  });
});

describe('entries written by version 1 (no owner)', () => {
  const v1Entry = (id: string, recordKey: number) => ({
    id,
    schemaVersion: 1,
    kind: 'transfer-action',
    method: 'PUT',
    path: `/admin/transfers/complete/${recordKey}`,
    collection: 'transfers',
    recordKey,
    patch: { status: 'completed' },
    label: 'Mark as Complete',
    createdAt: Date.now(),
    attempts: 1,
    nextAttemptAt: Date.now(),
    state: 'pending',
    lastError: null,
    lastStatus: null,
  });

  it('migrateEntry gives them no owner, their action and arguments, and leaves newer entries alone', () => {
    const old = v1Entry('k1', 1) as unknown as LegacyEntry;
    expect(migrateEntry(old)).toMatchObject({
      id: 'k1',
      owner: null,
      schemaVersion: OUTBOX_SCHEMA_VERSION,
      action: 'transfer-status',
      args: { params: { action: 'complete', transfer_id: '1' } },
    });
    const newer = { ...old, schemaVersion: OUTBOX_SCHEMA_VERSION + 1, owner: STAFF } as unknown as LegacyEntry;
    expect(migrateEntry(newer)).toBe(newer);
  });

  it('a version 1 database opens upgraded; its entries are never sent until a person claims them', async () => {
    db.close();
    await Dexie.delete(DB_NAME);
    const v1 = new Dexie(DB_NAME);
    v1.version(1).stores({ transfers: 'transfer_id', outbox: '++seq, &id, state, [collection+recordKey]', meta: 'key' });
    await v1.table('transfers').bulkPut([sampleTransfer(1), sampleTransfer(2)]);
    await v1.table('outbox').bulkAdd([v1Entry('legacy-1', 1), v1Entry('legacy-2', 2)]);
    v1.close();

    await db.open();
    const upgraded = await db.outbox.orderBy('seq').toArray();
    expect(upgraded.map((e) => [e.id, e.owner, e.schemaVersion])).toEqual([
      ['legacy-1', null, OUTBOX_SCHEMA_VERSION],
      ['legacy-2', null, OUTBOX_SCHEMA_VERSION],
    ]);
    expect(entryStanding(upgraded[0]!, STAFF.uid, Date.now(), 30)).toBe('unowned');

    await drainOutbox();
    expect(mutations()).toEqual([]);

    // The person says the first is theirs: it goes with its own key, under their token.
    expect(await claimEntries(['legacy-1'], STAFF)).toBe(1);
    await drainOutbox();
    expect(mutations().map((r) => [r.key, r.token])).toEqual([['legacy-1', 'token-1']]);
    expect((await unsent()).map((e) => e.id)).toEqual(['legacy-2']);
  });
});

describe('changes older than the server keeps keys', () => {
  it('are not replayed; Redo sends them again with a new key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));
    const old = await queue(1);
    const fresh = await queue(2); // the same day: too old as well
    // A month later (the server keeps keys 30 days): the tablet comes back online.
    vi.setSystemTime(new Date('2026-01-31T09:00:00Z'));
    const young = await queue(3);
    expect(entryStanding((await db.outbox.get(old.seq!))!, STAFF.uid, Date.now(), 30)).toBe('too-old');

    await drainOutbox();
    expect(mutations().map((r) => r.key)).toEqual([young.id]);
    expect((await unsent()).map((e) => e.id).sort()).toEqual([old.id, fresh.id].sort());

    // The retention is the server's setting: kept 45 days, both may still go (once each).
    applyKeyRetention({ idempotencyKeyDays: 45 });
    await drainOutbox();
    expect(mutations()).toHaveLength(3);
    expect(await unsentCount()).toBe(0);
    expect(api.effects.get(old.id)).toBe(1);
    expect(api.effects.get(fresh.id)).toBe(1);
  });

  it('Redo re-queues a too-old change under a new key, counted from now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));
    const old = await queue(1);
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    await drainOutbox();
    expect(mutations()).toEqual([]);
    const redone = await requeueEntry(old.id);
    expect(redone).not.toBeNull();
    expect(redone!.id).not.toBe(old.id);
    expect(redone!.seq).toBe(old.seq);
    expect(redone!.createdAt).toBe(Date.now());
    await drainOutbox();
    expect(mutations().map((r) => r.key)).toEqual([redone!.id]);
    expect(await unsentCount()).toBe(0);
  });

  it('Redo builds the change again from the record as it is now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));
    api.touch(1, 'completed');
    await cachedList('transfers').put(sampleTransfer(1, 'completed'));
    const old = await enqueueAction(notifyCall(sampleTransfer(1, 'completed')));
    // Meanwhile the sync brought the patient's new email address.
    const now = { ...sampleTransfer(1, 'completed'), email: 'new-address@example.test' };
    await cachedList('transfers').put(now);
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const redone = await requeueEntry(old.id);
    expect(redone!.args.body).toEqual(now);
    expect((old.args.body as { email: string }).email).toBe('p1@example.test');
  });
});

