import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api';
import { resetDevice, sampleTransfer } from './test-device';
import { waitFor } from '../../support/wait-for';
import { Dexie } from 'dexie';
import { db } from '../../../src/client/offline/db';
import { appendToList } from '../../../src/client/offline/segments';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { entriesByKey, overlay } from '../../../src/client/offline/overlay';
import { transferStatusCall } from '../../../src/shared/actions/calls';
import { syncCollection } from '../../../src/client/offline/sync-engine';
import { changeOf, mapRows } from '../../../src/client/offline/list-view';
import { collectionViews, warmCollection } from '../../../src/client/offline/view-store';
import type { Transfer } from '../../../src/shared/entities';
import { cachedList } from '../../support/cached-list';

/** Issue 9: a list of 100,000 (VIEW_TEST_RECORDS shrinks it while iterating). */
const N = Number(process.env.VIEW_TEST_RECORDS ?? 100_000);

let api: FakeApi;
let stop: (() => void) | null = null;

beforeEach(async () => {
  api = await startFakeApi();
  api.pageSize = 5000;
  setApiOrigin(api.origin);
  await resetDevice('token-1');
});

afterEach(async () => {
  stop?.();
  stop = null;
  await api.close();
});

/** Subscribes like a screen does; resolves once the view has `count` rows. */
function watch() {
  const views = collectionViews('transfers');
  let notified = 0;
  stop = views.subscribe(() => (notified += 1));
  return {
    rows: () => (views.get() ?? []) as Transfer[],
    notified: () => notified,
    async until(check: (rows: Transfer[]) => boolean): Promise<void> {
      await waitFor('the view to show the rows', () => check((views.get() ?? []) as Transfer[]), { timeout: 15_000, interval: 10 });
    },
  };
}

/** The view must equal what IndexedDB holds, the outbox laid over it: no lost row, no stale one, no extra one. */
async function expectViewIsDatabase(rows: Transfer[]): Promise<void> {
  const entries = entriesByKey(await db.outbox.toArray());
  const stored = (await cachedList('transfers').toArray()).map((row) => overlay(row, entries.get(row.transfer_id) ?? []));
  const byKey = new Map(rows.map((row) => [row.transfer_id, row]));
  expect(byKey.size).toBe(rows.length);
  expect(rows.length).toBe(stored.length);
  for (const row of stored) expect(byKey.get(row.transfer_id)).toEqual(row);
}

describe('in-memory views patched by the change', () => {
  it(`keeps a list of ${N.toLocaleString('en-CA')} correct through a sync page arriving while a change is queued`, async () => {
    api.seed(N);
    const view = watch();
    await view.until((rows) => rows.length === 0 && collectionViews('transfers').get() !== undefined);

    // First full sync: each committed page patches the view (it is never read whole again).
    await syncCollection('transfers');
    await view.until((rows) => rows.length === N);
    await expectViewIsDatabase(view.rows());

    // A change is queued for one record: the view shows it as soon as it commits.
    const queued = 777;
    await enqueueAction(transferStatusCall(queued, 'complete'));
    await view.until((rows) => rows.some((r) => r.transfer_id === queued && r.status === 'completed'));

    // Meanwhile on the server: the queued record is edited, another completed, one removed, one added.
    const before = view.rows();
    const current = api.transfers.get(queued)!;
    api.transfers.set(queued, { ...current, pharmacy_name: 'Renamed', change_no: 10 * N });
    api.touch(10, 'completed');
    api.remove(5);
    api.transfers.set(N + 1, { ...sampleTransfer(N + 1), change_no: 10 * N + 1 });
    await syncCollection('transfers');
    await view.until((rows) => rows.length === N && rows.some((r) => r.transfer_id === N + 1));
    const after = view.rows();
    // The queued change stays on top of the server's new version; nothing lost or stale.
    expect(after.find((r) => r.transfer_id === queued)).toMatchObject({ status: 'completed', pharmacy_name: 'Renamed' });
    expect(after.find((r) => r.transfer_id === 10)?.status).toBe('completed');
    expect(after.some((r) => r.transfer_id === 5)).toBe(false);
    await expectViewIsDatabase(after);
    // Patched in place: the page touched a handful of positions, every other row is the same object.
    const change = changeOf(after);
    expect(change?.previous).toBe(before);
    const touched = new Set(change!.touched);
    expect(touched.size).toBeLessThanOrEqual(4);
    let same = 0;
    for (let i = 0; i < after.length; i++) if (!touched.has(i) && after[i] === before[i]) same += 1;
    expect(same).toBe(after.length - touched.size);

    // The outbox sends the change; its answer and the next page settle the row as the server has it.
    const summary = await drainOutbox();
    expect(summary.sent).toBe(1);
    await syncCollection('transfers');
    await view.until((rows) => rows.some((r) => r.transfer_id === queued && r.status === 'completed'));
    expect(api.transfers.get(queued)).toMatchObject({ status: 'completed', pharmacy_name: 'Renamed' });
    expect(await cachedList('transfers').get(queued)).toMatchObject({ status: 'completed', pharmacy_name: 'Renamed' });
    expect(await db.outbox.count()).toBe(0);
    await expectViewIsDatabase(view.rows());
  }, 240_000);

  it('a list warmed before its screen opens is in memory when the screen first asks (its first render draws it)', async () => {
    const count = 50;
    await cachedList('autofill').bulkPut(Array.from({ length: count }, (_, i) => ({ ...sampleTransfer(i + 1), refillId: i + 1 }) as never));
    const views = collectionViews('autofill');
    expect(views.get()).toBeUndefined();
    warmCollection('autofill');
    await waitFor('the warmed list', () => views.get() !== undefined, { timeout: 15_000, interval: 10 });
    // No screen subscribed yet: the first one gets the rows at once, and no second read starts.
    const before = views.get();
    expect(before).toHaveLength(count);
    let notified = 0;
    stop = views.subscribe(() => (notified += 1));
    expect(views.get()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notified).toBe(0);
    expect(views.get()).toBe(before);
  });

  it('a mapped list is patched like the list: only the touched rows are mapped again', async () => {
    await cachedList('transfers').bulkPut([1, 2, 3, 4, 5].map((id) => sampleTransfer(id)));
    const view = watch();
    await view.until((rows) => rows.length === 5);
    let calls = 0;
    const named = (row: Transfer) => {
      calls += 1;
      return { ...row, full_name: `${row.first_name} ${row.last_name}` };
    };
    const first = mapRows(view.rows(), named);
    expect(calls).toBe(5);
    expect(mapRows(view.rows(), named)).toBe(first);

    // One row changed, one deleted (the last row moves into its place), one added.
    await db.transaction('rw', db.segments, db.meta, async () => {
      await cachedList('transfers').put({ ...sampleTransfer(2), first_name: 'Changed' });
      await cachedList('transfers').delete(1);
      await cachedList('transfers').put(sampleTransfer(6));
    });
    await view.until((rows) => rows.length === 5 && rows.some((row) => row.transfer_id === 6) && !rows.some((row) => row.transfer_id === 1));
    calls = 0;
    const second = mapRows(view.rows(), named);
    expect(calls).toBeLessThan(5);
    expect(second).toEqual(view.rows().map(named));
    expect(changeOf(second)?.previous).toBe(first);
    expect(second.find((row) => row.transfer_id === 2)?.full_name).toBe('Changed Last2');
  });

  it('lays this tab’s queued changes over the rows as they are written, and takes them off as they are deleted', async () => {
    await cachedList('transfers').bulkPut([sampleTransfer(1), sampleTransfer(2)]);
    const view = watch();
    await view.until((rows) => rows.length === 2);
    const first = await enqueueAction(transferStatusCall(1, 'complete'), sampleTransfer(1));
    await enqueueAction(transferStatusCall(2, 'flag'), sampleTransfer(2));
    await view.until((rows) => rows.find((row) => row.transfer_id === 1)?.status === 'completed' && rows.find((row) => row.transfer_id === 2)?.status === 'flagged');
    // An entry changed (answered) and one deleted in one transaction: the last word on each stands.
    await db.transaction('rw', db.outbox, async () => {
      await db.outbox.update(first.seq!, { state: 'conflict', lastError: 'no' });
      await db.outbox.delete(first.seq!);
    });
    await view.until((rows) => rows.find((row) => row.transfer_id === 1)?.status === 'active');
    expect(view.rows().find((row) => row.transfer_id === 2)?.status).toBe('flagged');
    await expectViewIsDatabase(view.rows());
  });

  it('keeps one step back per list: older snapshots are not held in memory by the newer ones', async () => {
    await cachedList('transfers').bulkPut([1, 2, 3].map((id) => sampleTransfer(id)));
    const view = watch();
    await view.until((rows) => rows.length === 3);
    for (const id of [4, 5, 6]) {
      await cachedList('transfers').put(sampleTransfer(id));
      await view.until((rows) => rows.length === id);
    }
    const latest = changeOf(view.rows());
    expect(latest?.previous).toHaveLength(5);
    expect(changeOf(latest!.previous)).toBeUndefined();
  });

  it('a context that held no copy of a list when it wrote a page loses none of it to a read begun before the commit', async () => {
    // The writing context gathers no rows for a list it does not hold (the sync worker's case);
    // a read begun between its write and its commit runs in a later transaction and sees them.
    await db.transaction('rw', db.segments, db.meta, async () => {
      await appendToList({ table: db.segments, meta: db.meta }, 'transfers', [1, 2, 3].map((id) => sampleTransfer(id)), []);
      Dexie.ignoreTransaction(() => warmCollection('transfers'));
    });
    const view = watch();
    await view.until((rows) => rows.length === 3);
    await cachedList('transfers').put(sampleTransfer(4));
    await view.until((rows) => rows.length === 4);
    await expectViewIsDatabase(view.rows());
  });

  it('reads the list again after a clear, and forgets nothing committed while it is read', async () => {
    await cachedList('transfers').bulkPut([1, 2, 3].map((id) => sampleTransfer(id)));
    const view = watch();
    // Writes racing the first read are replayed after it, in commit order.
    await Promise.all([cachedList('transfers').put(sampleTransfer(4)), cachedList('transfers').delete(2)]);
    await view.until((rows) => rows.length === 3);
    expect(view.rows().map((r) => r.transfer_id).sort()).toEqual([1, 3, 4]);

    await cachedList('transfers').clear();
    await view.until((rows) => rows.length === 0);
    await cachedList('transfers').put(sampleTransfer(9));
    await view.until((rows) => rows.length === 1 && rows[0]!.transfer_id === 9);

    // An aborted transaction changes nothing in the view.
    await db
      .transaction('rw', db.segments, db.meta, async () => {
        await cachedList('transfers').put(sampleTransfer(10));
        throw new Error('abort');
      })
      .catch(() => undefined);
    // A change committed after it shows; the aborted one, which came first, never does.
    await cachedList('transfers').put(sampleTransfer(11));
    await view.until((rows) => rows.length === 2);
    expect(view.rows().map((r) => r.transfer_id).sort((a, b) => a - b)).toEqual([9, 11]);
  });
});
