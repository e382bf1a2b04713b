// Issue 22: a list is kept in large records (segments). A sync page or a delta is one new
// segment (nothing written before is written again); small segments are compacted once enough
// have gathered, without a change the lists in memory would redraw; a sync from 0 sweeps the
// rows the server no longer lists.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resetDevice, sampleTransfer } from './test-device';
import { waitFor } from '../../support/wait-for';
import { cachedList } from '../../support/cached-list';
import { db } from '../../../src/client/offline/db';
import { writeDeltaPage } from '../../../src/client/offline/delta-page';
import { SEGMENT_ROWS, type Segment } from '../../../src/client/offline/segments';
import { currentGeneration } from '../../../src/client/offline/session';
import { applyWrittenPage, collectionViews, forgetCollectionViews, markWrittenBy, remoteChangesApplied, takeWrittenRowsFrom, warmCollection } from '../../../src/client/offline/view-store';
import type { Transfer } from '../../../src/shared/entities';

let stop: (() => void) | null = null;
beforeEach(() => resetDevice());
afterEach(() => {
  stop?.();
  stop = null;
});

function page(items: Transfer[], deleted: number[] = [], more = false) {
  return writeDeltaPage({ collection: 'transfers', page: { items, deleted, cursor: String(Math.random()), more }, generation: currentGeneration() });
}

const segments = () => db.segments.toArray() as Promise<Segment[]>;

/** The transfers written as a page, then held in memory as a screen holds them. */
async function heldTransfers(items: Transfer[]) {
  await page(items);
  const views = collectionViews('transfers');
  stop = views.subscribe(() => undefined);
  await waitFor('the list in memory', () => views.get()?.length === items.length, { timeout: 15_000, interval: 10 });
  return views;
}

it('a page is written as new segments of at most SEGMENT_ROWS rows; a delta adds one and rewrites none', async () => {
  const total = SEGMENT_ROWS * 2 + 10;
  await page(Array.from({ length: total }, (_, i) => sampleTransfer(i + 1)), [], true);
  const first = await segments();
  expect(first.map((segment) => segment.rows?.length)).toEqual([SEGMENT_ROWS, SEGMENT_ROWS, 10]);

  await page([sampleTransfer(5, 'completed'), sampleTransfer(total + 1)], [7]);
  const after = await segments();
  expect(after.slice(0, 3)).toEqual(first);
  expect(after).toHaveLength(4);
  expect(after[3]).toMatchObject({ seg: 4, deleted: [7] });

  const rows = await cachedList('transfers').toArray();
  expect(rows).toHaveLength(total);
  // Positions are stable: a changed row keeps its place, a new one comes last.
  expect(rows[4]).toEqual(sampleTransfer(5, 'completed'));
  expect(rows.at(-1)).toEqual(sampleTransfer(total + 1));
  expect(rows.some((row) => row.transfer_id === 7)).toBe(false);
});

it('compacts a list once small segments have gathered, changing nothing a screen shows', async () => {
  await page(Array.from({ length: 300 }, (_, i) => sampleTransfer(i + 1)));
  const views = collectionViews('transfers');
  let published = 0;
  stop = views.subscribe(() => (published += 1));
  await waitFor('the list in memory', () => views.get()?.length === 300, { timeout: 15_000, interval: 10 });
  const change = (i: number) => page([sampleTransfer(i, i % 2 ? 'completed' : 'flagged')]);
  const shown = (i: number) => waitFor(`change ${i} shown`, () => (views.get() as Transfer[])[i - 1]?.status === (i % 2 ? 'completed' : 'flagged'), { timeout: 15_000, interval: 10 });
  for (let i = 1; i <= 64; i += 1) await change(i);
  await shown(64);
  // Changes in quick succession are shown together (view-store.ts, PUBLISH_GAP_MS).
  expect(published).toBeLessThan(40);
  // The 65th small segment compacts the list first: after a quiet moment, its change alone is
  // shown, at once, and the compaction adds nothing.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = published;
  await change(65);
  expect((views.get() as Transfer[])[64]?.status).toBe('completed');
  expect(published).toBe(before + 1);
  for (let i = 66; i <= 70; i += 1) await change(i);
  await shown(70);
  const stored = await segments();
  // Compacted after 64 small ones: one full segment (compacted) and the small ones since.
  expect(stored.length).toBeLessThan(10);
  expect(stored[0]).toMatchObject({ compacted: true });
  expect(stored[0]!.rows).toHaveLength(300);
  const rows = await cachedList('transfers').toArray();
  expect(rows.map((row) => row.transfer_id)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  expect(rows.filter((row) => row.status !== 'active')).toHaveLength(70);
  expect(views.get()).toEqual(rows);
});

it('the last page of a sync from 0 sweeps the rows the server no longer lists, and the list in memory hears of it', async () => {
  const views = await heldTransfers([1, 2, 3, 4].map((id) => sampleTransfer(id)));
  await writeDeltaPage({
    collection: 'transfers',
    page: { items: [sampleTransfer(2), sampleTransfer(4, 'completed')], deleted: [], cursor: '9', more: false },
    generation: currentGeneration(),
    sweep: { seen: new Set([2, 4]), upTo: 1 },
  });
  await waitFor('the swept list', () => views.get()?.length === 2, { timeout: 15_000, interval: 10 });
  expect(await cachedList('transfers').toArray()).toEqual([sampleTransfer(2), sampleTransfer(4, 'completed')]);
  // In memory a deleted row's place is taken by the last row (view-store.ts): the same rows.
  expect(new Set(views.get())).toEqual(new Set([sampleTransfer(2), sampleTransfer(4, 'completed')]));
});

it("another context's commits are laid over the list in the order they were told, whatever their size", async () => {
  const views = await heldTransfers([sampleTransfer(1)]);
  // Written as another context writes (not through this context's Dexie), then told.
  const raw = db.backendDB();
  const others: Segment[] = [
    ...[2, 3, 4, 6].map((seg) => ({ list: 'transfers' as const, seg, rows: [sampleTransfer(seg * 10)], deleted: [] })),
    // Row 1 changed twice: completed in the big page, then flagged.
    { list: 'transfers', seg: 5, rows: [sampleTransfer(50), sampleTransfer(1, 'completed')], deleted: [] },
    { list: 'transfers', seg: 7, rows: [sampleTransfer(1, 'flagged')], deleted: [] },
  ];
  await new Promise<void>((resolve, reject) => {
    const tx = raw.transaction('segments', 'readwrite');
    others.forEach((segment) => tx.objectStore('segments').put(segment));
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const channel = new BroadcastChannel('pharmacy-collection-changes');
  // A big commit (four segments) and then a smaller one (two): the second is read first, and
  // must still be applied after the first.
  channel.postMessage({ collection: 'transfers', segs: [2, 3, 4, 5], reload: false });
  channel.postMessage({ collection: 'transfers', segs: [6, 7], reload: false });
  channel.close();
  await waitFor('both changes', () => views.get()?.length === 6, { timeout: 15_000, interval: 10 });
  expect((views.get() as Transfer[]).find((row) => row.transfer_id === 1)?.status).toBe('flagged');
});

it("the sync worker's pages are laid in as sent, its channel messages ignored, and shown before its list is said synced", async () => {
  await page([sampleTransfer(1)]);
  const views = collectionViews('transfers');
  let published = 0;
  stop = views.subscribe(() => (published += 1));
  await waitFor('the list in memory', () => views.get()?.length === 1, { timeout: 15_000, interval: 10 });
  takeWrittenRowsFrom('sync test-worker');
  // Its channel message names segments this page would read back: ignored, its rows come whole.
  const channel = new BroadcastChannel('pharmacy-collection-changes');
  channel.postMessage({ collection: 'transfers', segs: [99], reload: false, origin: 'sync test-worker' });
  channel.close();
  // Two messages in quick succession after a quiet moment (a first sync's pages): the first is
  // shown at once, the second waits for the gap…
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Each its rows as the server's text, in pieces: a page of three rows, then a page deleting one
  // key and sweeping another.
  const text = (items: Transfer[]) => JSON.stringify(items);
  applyWrittenPage({ collection: 'transfers', rows: [text([sampleTransfer(2)]), text([sampleTransfer(1, 'completed'), sampleTransfer(4)])], deleted: [] });
  applyWrittenPage({ collection: 'transfers', rows: [text([sampleTransfer(3)])], deleted: [2, 4] });
  await waitFor('the first shown', () => (views.get() as Transfer[]).some((row) => row.transfer_id === 2), { timeout: 15_000, interval: 1 });
  const shown = published;
  expect(shown).toBe(2);
  // …unless the sync is done: its list is shown whole before it says so.
  await remoteChangesApplied('transfers');
  expect(published).toBe(shown + 1);
  expect(new Set((views.get() as Transfer[]).map((row) => `${row.transfer_id} ${row.status}`))).toEqual(new Set(['1 completed', '3 active']));
});

it("a page the sync worker sent is not laid in once the list is wiped while its pieces are parsed", async () => {
  const views = await heldTransfers([sampleTransfer(1)]);
  applyWrittenPage({ collection: 'transfers', rows: [JSON.stringify([sampleTransfer(2)]), JSON.stringify([sampleTransfer(3)])], deleted: [] });
  // Its first piece is parsed in a microtask; the second waits for the next task. The wipe (and
  // the list read again from the database) comes in between.
  for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => queueMicrotask(resolve));
  forgetCollectionViews();
  warmCollection('transfers');
  await remoteChangesApplied('transfers');
  await waitFor('the list read again', () => views.get() !== undefined, { timeout: 15_000, interval: 10 });
  expect((views.get() as Transfer[]).map((row) => row.transfer_id)).toEqual([1]);
});

it("a page the sync worker sent that does not parse has its list read again from the database", async () => {
  const views = await heldTransfers([sampleTransfer(1)]);
  // The worker committed row 2 (written here past the views, as another context writes)…
  const idb = db.backendDB();
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction('segments', 'readwrite');
    tx.objectStore('segments').put({ list: 'transfers', seg: 1000, rows: [sampleTransfer(2)], deleted: [] });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  // …and sent its rows cut wrong.
  applyWrittenPage({ collection: 'transfers', rows: [JSON.stringify([sampleTransfer(2)]).slice(0, -2)], deleted: [] });
  await remoteChangesApplied('transfers');
  await waitFor('the list read again', () => views.get()?.length === 2, { timeout: 15_000, interval: 10 });
  expect((views.get() as Transfer[]).map((row) => row.transfer_id).sort()).toEqual([1, 2]);
});

// Last in this file: this context acts as the sync worker from here on.
it('as the sync worker: its channel messages about the lists whose pages it sends its page carry its name; of another, none', async () => {
  markWrittenBy('sync test-worker', (list) => list === 'transfers');
  const told: { collection: string; origin?: string }[] = [];
  const channel = new BroadcastChannel('pharmacy-collection-changes');
  channel.onmessage = (event: MessageEvent<{ collection: string; origin?: string }>) => told.push(event.data);
  await page([sampleTransfer(1), sampleTransfer(2)]);
  await writeDeltaPage({ collection: 'refills', page: { items: [{ ...sampleTransfer(3), id: 3 }], deleted: [], cursor: '1', more: false }, generation: currentGeneration() });
  await waitFor('both commits told', () => told.length === 2, { timeout: 15_000, interval: 10 });
  channel.close();
  expect(told.map(({ collection, origin }) => [collection, origin])).toEqual([
    ['transfers', 'sync test-worker'],
    ['refills', undefined],
  ]);
});
