import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api';
import { resetDevice, sampleTransfer } from './test-device';
import { db } from '../../../src/client/offline/db';
import { cursorKey } from '../../../src/client/offline/delta-page';
import { setApiOrigin } from '../../../src/client/offline/http';
import { letGoOfDeviceData } from '../../../src/client/offline/let-go';
import { currentGeneration, setTokenSource, StaleGenerationError } from '../../../src/client/offline/session';
import { syncCollection, syncStatus } from '../../../src/client/offline/sync-engine';
import { syncPages, type PagesRequest } from '../../../src/client/offline/sync-pages';
import { pullPagesOffThread, type WorkerAnswer, type WorkerAsk } from '../../../src/client/offline/sync-worker-client';
import { collectionViews } from '../../../src/client/offline/view-store';
import { cachedList } from '../../support/cached-list';
import { waitFor } from '../../support/wait-for';

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  setApiOrigin(api.origin);
  await resetDevice('token-1');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await api.close();
});

const cursor = async () => (await db.meta.get(cursorKey('transfers')))?.value;
const asked = () => api.log.filter((r) => r.method === 'GET').map((r) => r.status);

/** The server stops taking 'token-1' once it has answered `pages` list pages; a renewed token is 'token-2'. */
function expireTokenAfter(pages: number): void {
  api.tokens.add('token-2');
  setTokenSource(async (forceRefresh) => ({ uid: 'uid-1', token: forceRefresh ? 'token-2' : 'token-1' }));
  const realFetch = globalThis.fetch;
  let answered = 0;
  vi.stubGlobal('fetch', async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const response = await realFetch(input, init);
    if (String(input).includes('/admin/transfers') && ++answered === pages) api.tokens.delete('token-1');
    return response;
  });
}

describe('the sync page loop', () => {
  it('answers plain data: statistics, and a failure the page turns back into its error', async () => {
    api.seed(5);
    api.pageSize = 2;
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: false, rowsToPage: false, token: 'token-1' };
    const firsts: unknown[] = [];
    const done = await syncPages(request, (first) => firsts.push(first));
    expect(structuredClone(done)).toEqual(done);
    expect(done).toMatchObject({ ok: true, stats: { pages: 3, records: 5, whole: true } });
    expect(firsts).toEqual([{ records: 2, whole: true }]);

    const refused = await syncPages({ ...request, from: '5', token: 'nobody' }, () => undefined);
    expect(structuredClone(refused)).toEqual(refused);
    expect(refused).toMatchObject({ ok: false, failure: { kind: 'http', status: 401 }, resume: { from: '5', scratch: false } });
  });

  it("tells each page as it is committed: its rows as the server's text and the keys the last page swept", async () => {
    api.seed(5);
    api.pageSize = 2;
    await cachedList('transfers').bulkPut([sampleTransfer(1), sampleTransfer(98), sampleTransfer(99)]);
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: true, rowsToPage: true, token: 'token-1' };
    const told: { keys: number[]; swept: number[] }[] = [];
    await syncPages(
      request,
      () => undefined,
      ({ collection, rows, deleted }) => {
        expect(collection).toBe('transfers');
        const items = rows.flatMap((piece) => JSON.parse(piece) as { transfer_id: number }[]);
        told.push({ keys: items.map((row) => row.transfer_id), swept: deleted });
      },
    );
    expect(told).toEqual([
      { keys: [1, 2], swept: [] },
      { keys: [3, 4], swept: [] },
      { keys: [5], swept: [98, 99] },
    ]);
    expect((await cachedList('transfers').primaryKeys()).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
  });

  it('tells a page committed only while its rows are wanted (the page came to hold the list midway)', async () => {
    api.seed(5);
    api.pageSize = 2;
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: false, rowsToPage: false, token: 'token-1' };
    let committed = 0;
    const told: number[][] = [];
    await syncPages(
      request,
      () => undefined,
      ({ rows }) => told.push(rows.flatMap((piece) => JSON.parse(piece) as { transfer_id: number }[]).map((row) => row.transfer_id)),
      () => ++committed > 1,
    );
    expect(told).toEqual([[3, 4], [5]]);
  });

  it('asked to, takes pages packed and stores them as sent; a page the server sends as JSON is stored as rows', async () => {
    api.seed(5);
    api.pageSize = 2;
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: false, rowsToPage: true, token: 'token-1', packed: true };
    const told: number[][] = [];
    const done = await syncPages(request, () => undefined, ({ rows }) => told.push(rows.flatMap((piece) => JSON.parse(piece) as { transfer_id: number }[]).map((row) => row.transfer_id)));
    expect(done).toMatchObject({ ok: true, stats: { pages: 3, records: 5 } });
    // The page receives each page's rows as text all the same.
    expect(told).toEqual([[1, 2], [3, 4], [5]]);
    // Pages of two rows came packed (api.packedFrom), the last of one as JSON.
    const stored = await db.segments.toArray();
    expect(stored.map((segment) => [Boolean(segment.packed), segment.rows?.length])).toEqual([
      [true, undefined],
      [true, undefined],
      [false, 1],
    ]);
    expect(await cachedList('transfers').toArray()).toEqual([1, 2, 3, 4, 5].map((id) => sampleTransfer(id)));
    expect(await cursor()).toBe('5');
  });

  it('a packed page that does not unpack is unreadable: nothing of it is written, the cursor stays', async () => {
    api.seed(5);
    api.pageSize = 2;
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: false, rowsToPage: false, token: 'token-1', packed: true };
    api.damageNextPacked = true;
    const done = await syncPages(request, () => undefined);
    expect(done).toMatchObject({ ok: false, failure: { kind: 'unreadable' }, stats: { pages: 0 } });
    expect(await db.segments.count()).toBe(0);
    expect(await cursor()).toBeUndefined();
  });

  it('renews a token refused mid-sync and goes on from the last page committed', async () => {
    api.seed(7);
    api.pageSize = 3;
    expireTokenAfter(2);
    await syncCollection('transfers');
    // Pages 1 and 2 are committed; page 3 is refused, then asked again with the renewed token.
    expect(asked()).toEqual([200, 200, 401, 200]);
    expect(api.log.at(-1)?.token).toBe('token-2');
    expect(await cachedList('transfers').count()).toBe(7);
    expect(await cursor()).toBe('7');
    expect(syncStatus.get().transfers.error).toBeNull();
  });

  it('a read from scratch cut by a refusal sweeps nothing, and the next sync reads the list whole again', async () => {
    api.seed(5);
    api.pageSize = 2;
    await cachedList('transfers').put(sampleTransfer(99));
    expireTokenAfter(1);
    await syncCollection('transfers');
    expect(asked()).toEqual([200, 401, 200, 200]);
    // The keys of page 1 were not carried over: row 99 stays rather than rows 1 and 2 going.
    expect((await cachedList('transfers').primaryKeys()).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 99]);
    expect(await db.meta.get('fullSync:transfers')).toBeUndefined();

    await syncCollection('transfers');
    expect((await cachedList('transfers').primaryKeys()).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(await db.meta.get('fullSync:transfers')).toBeDefined();
  });
});

describe('the sync worker client', () => {
  /** A Worker that runs the page loop in this context, as the sync worker does, answers held until released. */
  function fakeWorkers() {
    const started: FakeWorker[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    class FakeWorker {
      onmessage: ((event: { data: WorkerAnswer }) => void) | null = null;
      onerror = null;
      terminated = false;
      asks: WorkerAsk[] = [];
      constructor() {
        started.push(this);
      }
      postMessage(ask: WorkerAsk) {
        this.asks.push(ask);
        if ('hold' in ask) return;
        const { id, request } = ask;
        const answer = (data: WorkerAnswer) => {
          if (!this.terminated) this.onmessage?.({ data });
        };
        // A terminated worker runs nothing more.
        void held.then(async () => {
          if (!this.terminated) answer({ id, result: await syncPages(request, (first) => answer({ id, first })) });
        });
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    // No worker of an earlier test is left to answer.
    letGoOfDeviceData();
    return { started, release };
  }

  it('sends no generation to the worker and hands its answer back', async () => {
    api.seed(3);
    const workers = fakeWorkers();
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: false, rowsToPage: false, token: 'token-1' };
    const firsts: unknown[] = [];
    const answered = pullPagesOffThread(request, currentGeneration(), (first) => firsts.push(first));
    workers.release();
    expect(await answered).toMatchObject({ ok: true, stats: { pages: 1, records: 3 } });
    expect(firsts).toEqual([{ records: 3, whole: true }]);
    expect(workers.started).toHaveLength(1);
    expect(workers.started[0]?.asks[0]).toEqual({ id: 1, request });
  });

  it('tells the worker when the page begins to hold a list, for its rows to come with the pages', async () => {
    api.seed(3);
    const workers = fakeWorkers();
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: false, rowsToPage: false, token: 'token-1' };
    const answered = pullPagesOffThread(request, currentGeneration(), () => undefined);
    const stop = collectionViews('transfers').subscribe(() => undefined);
    await waitFor('the hold told', () => workers.started[0]!.asks.some((ask) => 'hold' in ask && ask.hold === 'transfers'), { timeout: 5_000, interval: 5 });
    workers.release();
    await answered;
    stop();
  });

  it('a wipe terminates the worker, its syncs are stale, and the next sync starts another', async () => {
    api.seed(3);
    const workers = fakeWorkers();
    const request: PagesRequest = { name: 'transfers', from: '0', scratch: false, rowsToPage: false, token: 'token-1' };
    const pending = pullPagesOffThread(request, currentGeneration(), () => undefined);
    letGoOfDeviceData();
    await expect(pending).rejects.toBeInstanceOf(StaleGenerationError);
    expect(workers.started[0]?.terminated).toBe(true);

    const next = pullPagesOffThread(request, currentGeneration(), () => undefined);
    workers.release();
    expect(await next).toMatchObject({ ok: true });
    expect(workers.started).toHaveLength(2);
    expect(await cachedList('transfers').count()).toBe(3);
  });
});
