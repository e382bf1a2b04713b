// Issue 22: a large sync page from the sync worker is stored as the server sent it, gzipped
// (packed.ts), one segment a page. Its rows are unpacked when the list is read (here, or in
// another context told of it); a compaction over packed pages is folded before its transaction
// and written only if the list is still as it was folded.
import 'fake-indexeddb/auto';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resetDevice, sampleTransfer } from './test-device';
import { waitFor } from '../../support/wait-for';
import { cachedList } from '../../support/cached-list';
import { db } from '../../../src/client/offline/db';
import { writeDeltaPage } from '../../../src/client/offline/delta-page';
import { appendToList, planCompaction, type Segment } from '../../../src/client/offline/segments';
import { currentGeneration } from '../../../src/client/offline/session';
import { collectionViews } from '../../../src/client/offline/view-store';
import type { Transfer } from '../../../src/shared/entities';

let stop: (() => void) | null = null;
beforeEach(() => resetDevice());
afterEach(() => {
  stop?.();
  stop = null;
});

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => sampleTransfer(from + i));
const segments = () => db.segments.toArray() as Promise<Segment[]>;
const tables = { table: db.segments, meta: db.meta };

/** A delta page as the sync worker writes it: parsed to be checked, stored as the server's gzip. */
function packedPage(items: Transfer[], deleted: number[] = [], sweep?: { seen: Set<number>; upTo: number }) {
  const page = { items, deleted, cursor: String(Math.random()), more: false };
  return writeDeltaPage({ collection: 'transfers', page, generation: currentGeneration(), packed: new Uint8Array(gzipSync(JSON.stringify(page))), sweep });
}

/** The list held in memory as a screen holds it, once it shows `count` rows. */
async function held(count: number) {
  const views = collectionViews('transfers');
  stop = views.subscribe(() => undefined);
  await waitFor('the list in memory', () => views.get()?.length === count, { timeout: 15_000, interval: 10 });
  return views;
}

it('a packed page is one segment of the bytes sent, read back as its rows; deltas over it rewrite nothing', async () => {
  await packedPage(ids(1, 2500), [9999]);
  const [stored] = await segments();
  expect(stored).toMatchObject({ seg: 1, deleted: [9999] });
  expect(stored!.rows).toBeUndefined();
  expect(stored!.packed).toBeInstanceOf(Uint8Array);
  // The bytes the server sent: a fraction of the rows' JSON.
  expect(stored!.packed!.byteLength).toBeLessThan(JSON.stringify(ids(1, 2500)).length / 4);

  await writeDeltaPage({ collection: 'transfers', page: { items: [sampleTransfer(5, 'completed'), sampleTransfer(2501)], deleted: [7], cursor: '2', more: false }, generation: currentGeneration() });
  const after = await segments();
  expect(after[0]).toEqual(stored);
  const rows = await cachedList('transfers').toArray();
  expect(rows).toHaveLength(2500);
  expect(rows[4]).toEqual(sampleTransfer(5, 'completed'));
  expect(rows.at(-1)).toEqual(sampleTransfer(2501));
  expect(rows.some((row) => row.transfer_id === 7)).toBe(false);
});

it('a list held in memory hears of a packed page written in this context (read again) and in another (unpacked)', async () => {
  await packedPage(ids(1, 3));
  const views = await held(3);
  // Written here: its rows are not at hand to the middleware, the list is read again.
  await packedPage(ids(4, 6));
  await waitFor('the page written here', () => views.get()?.length === 6, { timeout: 15_000, interval: 10 });
  // Written by another context (past this context's Dexie) and told: the segment is read and unpacked.
  const other = { items: [sampleTransfer(2, 'completed'), sampleTransfer(7)], deleted: [3], cursor: '9', more: false };
  const raw = db.backendDB();
  await new Promise<void>((resolve, reject) => {
    const tx = raw.transaction('segments', 'readwrite');
    tx.objectStore('segments').put({ list: 'transfers', seg: 50, deleted: [3], packed: new Uint8Array(gzipSync(JSON.stringify(other))) });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const channel = new BroadcastChannel('pharmacy-collection-changes');
  channel.postMessage({ collection: 'transfers', segs: [50], reload: false });
  channel.close();
  await waitFor('the page told', () => (views.get() as Transfer[]).some((row) => row.transfer_id === 7), { timeout: 15_000, interval: 10 });
  const shown = new Map((views.get() as Transfer[]).map((row) => [row.transfer_id, row.status]));
  expect(shown.get(2)).toBe('completed');
  expect(shown.has(3)).toBe(false);
  expect(shown.size).toBe(6);
});

it('compacts a list of packed pages once small segments have gathered, the rows unchanged', async () => {
  await packedPage(ids(1, 300));
  await packedPage(ids(301, 600));
  for (let i = 1; i <= 65; i += 1) {
    await writeDeltaPage({ collection: 'transfers', page: { items: [sampleTransfer(i * 9, 'completed')], deleted: [], cursor: String(i), more: false }, generation: currentGeneration() });
  }
  const stored = await segments();
  // The 65th small segment compacted the list first: full segments of rows, then the 65th.
  expect(stored.some((segment) => segment.packed)).toBe(false);
  expect(stored.slice(0, -1).every((segment) => segment.compacted)).toBe(true);
  expect(stored.at(-1)).toMatchObject({ rows: [sampleTransfer(585, 'completed')] });
  const rows = await cachedList('transfers').toArray();
  expect(rows.map((row) => row.transfer_id)).toEqual(ids(1, 600).map((row) => row.transfer_id));
  expect(rows.filter((row) => row.status === 'completed')).toHaveLength(65);
});

it('a sync from 0 deletes the segments from before it and tells the rows the server no longer lists; what others wrote meanwhile stays', async () => {
  await packedPage(ids(1, 4));
  await packedPage([sampleTransfer(5)], [], undefined);
  const views = await held(5);
  // The sync from 0 begins after segment 2; its first page…
  await packedPage([sampleTransfer(2), sampleTransfer(4, 'completed')]);
  // …another context writes a new row meanwhile…
  await cachedList('transfers').put(sampleTransfer(9));
  // …and its last page sweeps.
  const swept = await packedPage([sampleTransfer(5, 'flagged')], [], { seen: new Set([2, 4, 5]), upTo: 2 });
  expect(swept.sort()).toEqual([1, 3]);
  // Nothing written again: the two segments from before are gone, the sync's page and the row written meanwhile stay.
  const stored = await segments();
  expect(stored.map((segment) => segment.seg)).toEqual([3, 4, 5, 6]);
  expect(stored[2]).toMatchObject({ rows: [], deleted: [1, 3] });
  const expected = [sampleTransfer(2), sampleTransfer(4, 'completed'), sampleTransfer(9), sampleTransfer(5, 'flagged')];
  expect(await cachedList('transfers').toArray()).toEqual(expected);
  await waitFor('the swept list', () => views.get()?.length === 4 && !views.get()!.some((row) => (row as Transfer).transfer_id === 1), { timeout: 15_000, interval: 10 });
  expect(new Set(views.get())).toEqual(new Set(expected));
});

it('a compaction folded before another context wrote to the list is not written; the next write compacts', async () => {
  await packedPage(ids(1, 4));
  await db.meta.put({ key: 'segments:transfers', value: 64 });
  const plan = await planCompaction(tables, 'transfers');
  expect(plan).toMatchObject({ segs: [1] });
  // Another context writes between the fold and the transaction.
  await cachedList('transfers').put(sampleTransfer(5));
  const before = await segments();
  await db.transaction('rw', db.segments, db.meta, () => appendToList(tables, 'transfers', [sampleTransfer(6)], [], { plan }));
  const after = await segments();
  // Nothing deleted or rewritten: the segments before, then the new row.
  expect(after.slice(0, before.length)).toEqual(before);
  expect(after.slice(before.length).map((segment) => segment.rows)).toEqual([[sampleTransfer(6)]]);
  expect((await cachedList('transfers').toArray()).map((row) => row.transfer_id)).toEqual([1, 2, 3, 4, 5, 6]);
  // The next write through the sync compacts: the packed page and the small segments rewritten as rows.
  await writeDeltaPage({ collection: 'transfers', page: { items: [sampleTransfer(7)], deleted: [], cursor: '7', more: false }, generation: currentGeneration() });
  const compacted = await segments();
  expect(compacted.map((segment) => [Boolean(segment.packed), Boolean(segment.compacted), segment.rows?.length])).toEqual([
    [false, true, 6],
    [false, false, 1],
  ]);
  expect((await cachedList('transfers').toArray()).map((row) => row.transfer_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});
