import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api';
import { resetDevice, sampleTransfer, shownTransfer, tokenOf } from './test-device';
import { db } from '../../../src/client/offline/db';
import { cursorKey, writeDeltaPage } from '../../../src/client/offline/delta-page';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { transferStatusCall } from '../../../src/shared/actions/calls';
import { authGate, currentGeneration, setTokenSource } from '../../../src/client/offline/session';
import { syncCollection, syncStatus } from '../../../src/client/offline/sync-engine';
import { cachedList } from '../../support/cached-list';

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  setApiOrigin(api.origin);
  await resetDevice('token-1');
});

afterEach(() => api.close());

const cursor = async () => (await db.meta.get(cursorKey('transfers')))?.value;
const lists = () => api.log.filter((r) => r.method === 'GET').map((r) => r.path);

function queueComplete(id: number) {
  return enqueueAction(transferStatusCall(id, 'complete'), sampleTransfer(id));
}

describe('sync engine', () => {
  it('loads a collection page by page and keeps the cursor', async () => {
    api.seed(7);
    api.pageSize = 3;
    await syncCollection('transfers');
    expect(await cachedList('transfers').count()).toBe(7);
    expect(await cursor()).toBe('7');
    expect(api.log.filter((r) => r.method === 'GET')).toHaveLength(3);
    const status = syncStatus.get().transfers;
    expect(status).toMatchObject({ syncing: false, error: null });
    expect(status.lastSyncedAt).toBeGreaterThan(0);

    // Next time only what changed, deletions included.
    api.touch(2, 'completed');
    api.remove(5);
    await syncCollection('transfers');
    expect((await cachedList('transfers').get(2))!.status).toBe('completed');
    expect(await cachedList('transfers').get(5)).toBeUndefined();
    expect(await cachedList('transfers').count()).toBe(6);
  });

  it('tells the screens of a status that changed, not of one set again as it stands', async () => {
    api.seed(3);
    await syncCollection('transfers');
    let told = 0;
    const unsubscribe = syncStatus.subscribe(() => (told += 1));
    await syncCollection('transfers');
    unsubscribe();
    // Syncing, then synced (with its time): the run's end, which says 'not syncing' again, is no news.
    expect(told).toBe(2);
    expect(syncStatus.get().transfers).toMatchObject({ syncing: false, error: null });
  });

  it('keeps rows as the server sent them, with unsent changes laid over them when read', async () => {
    api.seed(2);
    await syncCollection('transfers');
    await queueComplete(1);
    const current = api.transfers.get(1)!;
    api.transfers.set(1, { ...current, pharmacy_name: 'Renamed', change_no: 100 });
    await syncCollection('transfers');
    expect(await cachedList('transfers').get(1)).toEqual({ ...sampleTransfer(1), pharmacy_name: 'Renamed' });
    expect(await shownTransfer(1)).toMatchObject({ status: 'completed', pharmacy_name: 'Renamed' });
  });

  it('an unsent change of a record deleted on the server stays until the server refuses it', async () => {
    api.seed(2);
    await syncCollection('transfers');
    const entry = await queueComplete(1);
    api.remove(1);
    await syncCollection('transfers');
    expect(await cachedList('transfers').get(1)).toBeUndefined();
    expect(await db.outbox.get(entry.seq!)).toBeDefined();
    await drainOutbox();
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ state: 'failed', lastStatus: 404 });
  });

  it("shows an answer over an older page until a sync asked after it has brought the record", async () => {
    api.seed(2);
    await syncCollection('transfers');
    const entry = await queueComplete(1);
    await drainOutbox();
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ state: 'sent', answer: { record: { status: 'completed' } } });
    // A page asked for before the answer arrives after it: the row is older than the answer.
    const stale = { items: [sampleTransfer(1, 'active')], deleted: [], cursor: '2', more: false };
    await writeDeltaPage({ collection: 'transfers', page: stale, generation: currentGeneration() });
    expect((await cachedList('transfers').get(1))!.status).toBe('active');
    expect((await shownTransfer(1))!.status).toBe('completed');
    // A sync asked for after the answer brings the record; the answer lets go.
    await syncCollection('transfers');
    expect((await cachedList('transfers').get(1))!.status).toBe('completed');
    expect(await db.outbox.get(entry.seq!)).toBeUndefined();
    expect((await shownTransfer(1))!.status).toBe('completed');
  });

  it('writes a page and its cursor atomically: a bad page leaves both untouched', async () => {
    api.seed(3);
    await syncCollection('transfers');
    api.touch(1, 'completed');
    api.corruptNextPage = true;
    await syncCollection('transfers');
    expect(syncStatus.get().transfers.error).toBe('The server sent a list this app cannot read.');
    expect(await cursor()).toBe('3');
    expect((await cachedList('transfers').get(1))!.status).toBe('active');

    await syncCollection('transfers');
    expect((await cachedList('transfers').get(1))!.status).toBe('completed');
    expect(syncStatus.get().transfers.error).toBeNull();
  });

  it('starts over from 0 when the server rejects the cursor, dropping rows it no longer lists', async () => {
    api.seed(3);
    await cachedList('transfers').put(sampleTransfer(99));
    await db.meta.bulkPut([
      { key: cursorKey('transfers'), value: 'from-another-server' },
      { key: 'fullSync:transfers', value: Date.now() },
    ]);
    await syncCollection('transfers');
    expect(lists()).toEqual(['/admin/transfers', '/admin/transfers']);
    expect(api.log.map((r) => r.status)).toEqual([400, 200]);
    expect((await cachedList('transfers').primaryKeys()).sort()).toEqual([1, 2, 3]);
    expect(await cursor()).toBe('3');
  });

  it('reads each list whole once a day, dropping rows whose deletion it never heard of', async () => {
    api.seed(3);
    await syncCollection('transfers');
    api.transfers.delete(2); // gone without a tombstone (pruned, or a commit the cursor skipped)
    await syncCollection('transfers');
    expect(await cachedList('transfers').get(2)).toBeDefined();
    await db.meta.put({ key: 'fullSync:transfers', value: Date.now() - 25 * 3600 * 1000 });
    await syncCollection('transfers');
    expect(await cachedList('transfers').get(2)).toBeUndefined();
    expect(api.log.filter((r) => r.method === 'GET')).toHaveLength(3);
  });

  it('asks for the next page while it writes the one before', async () => {
    api.seed(7);
    api.pageSize = 3;
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      if (String(input).includes('/admin/transfers')) asked.push(String(input));
      return realFetch(input, init);
    }) as typeof fetch;
    const askedWhenCursorWritten: number[] = [];
    const onCursor = (key: string) => {
      if (key === cursorKey('transfers')) askedWhenCursorWritten.push(asked.length);
    };
    const onCursorUpdate = (_changes: object, key: unknown) => onCursor(key as string);
    db.meta.hook('creating', onCursor);
    db.meta.hook('updating', onCursorUpdate);
    try {
      await syncCollection('transfers');
    } finally {
      globalThis.fetch = realFetch;
      db.meta.hook('creating').unsubscribe(onCursor);
      db.meta.hook('updating').unsubscribe(onCursorUpdate);
    }
    // Page 1 is written once page 2 is asked for; page 3 (the last) asks for nothing more.
    expect(askedWhenCursorWritten).toEqual([2, 3, 3]);
    expect(await cachedList('transfers').count()).toBe(7);
    expect(await cursor()).toBe('7');
  });

  it('stops on a refused token until a sign-in', async () => {
    api.seed(1);
    setTokenSource(tokenOf('revoked'));
    await syncCollection('transfers');
    expect(authGate.get()).toBe('refused');
    expect(api.log.map((r) => r.status)).toEqual([401, 401]);
    await syncCollection('transfers');
    expect(api.log).toHaveLength(2);
    expect(syncStatus.get().transfers.error).toBe('Sign in again.');
  });

  it('reports a failed first fetch while nothing is cached', async () => {
    setApiOrigin('http://127.0.0.1:1');
    await syncCollection('transfers');
    expect(syncStatus.get().transfers).toMatchObject({
      lastSyncedAt: null,
      error: 'The server could not be reached.',
      problem: { code: 'unreachable' },
    });
  });
});
