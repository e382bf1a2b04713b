// A device that holds an earlier release's database opens it upgraded: its cache and queue are
// kept. Version 10 moves the rows into segments (segments.ts); versions up to 5 wrote unsent
// changes into the rows (`_base`, `_confirmedAt`), which go back to the server's version while the
// queued change, migrated to its action and arguments, is laid over them when read.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { sampleTransfer, shownTransfer } from './test-device';
import { waitFor } from '../../support/wait-for';
import { db, DB_NAME } from '../../../src/client/offline/db';
import { SEGMENT_ROWS } from '../../../src/client/offline/segments';
import { collectionViews, forgetCollectionViews } from '../../../src/client/offline/view-store';
import { cachedList } from '../../support/cached-list';

it('a version 4 database opens upgraded with its cache and its queue, the rows in segments', async () => {
  db.close();
  // What the lists in memory held came from the database deleted here.
  forgetCollectionViews();
  await Dexie.delete(DB_NAME);
  const v4 = new Dexie(DB_NAME);
  v4.version(4).stores({
    transfers: 'transfer_id, user_id',
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  const total = SEGMENT_ROWS * 2 + 50;
  await v4.table('transfers').bulkPut(
    Array.from({ length: total }, (_, i) => ({ ...sampleTransfer(i + 1), ...(i === 3 ? { _confirmedAt: Date.now() } : {}) })),
  );
  await v4.table('meta').put({ key: 'cursor:transfers', value: '42' });
  v4.close();

  await db.open();
  expect(db.verno).toBe(11);
  expect(db.tables.map((table) => table.name).sort()).toEqual(['meta', 'outbox', 'segments']);
  // Three segments of at most SEGMENT_ROWS rows, read back in the rows' order.
  expect(await db.segments.count()).toBe(3);
  expect(await cachedList('transfers').primaryKeys()).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  expect((await db.meta.get('cursor:transfers'))?.value).toBe('42');
  expect(await cachedList('transfers').get(4)).not.toHaveProperty('_confirmedAt');

  const views = collectionViews('transfers');
  const published: (readonly object[])[] = [];
  const stop = views.subscribe(() => {
    const rows = views.get();
    if (rows) published.push(rows);
  });
  await waitFor('the whole list', () => published.length > 0, { timeout: 15_000, interval: 10 });
  stop();
  expect(published).toHaveLength(1);
  expect(published[0]).toHaveLength(total);
});

it('a version 9 database (a record per row) opens with its rows in segments, its cursors and its queued changes kept', async () => {
  db.close();
  // What the lists in memory held came from the database deleted here.
  forgetCollectionViews();
  await Dexie.delete(DB_NAME);
  const v9 = new Dexie(DB_NAME);
  v9.version(9).stores({
    transfers: 'transfer_id, user_id, created_at',
    inquiries: 'message_id, user_id',
    savedReplies: 'saved_reply_id',
    staff: 'staff_id',
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  await v9.table('transfers').bulkPut([1, 2, 3].map((id) => sampleTransfer(id)));
  await v9.table('staff').put({ staff_id: 3, uid: 'u-3', name: 'Priya Shah', email: 'priya@example.com', role: 'admin' });
  await v9.table('meta').bulkPut([
    { key: 'cursor:transfers', value: '77' },
    { key: 'cursor:staff', value: '5' },
  ]);
  const queued = {
    id: 'queued-by-v9',
    schemaVersion: 3,
    owner: { uid: 'uid-1', email: 'staff@pharmacy.test' },
    action: 'transfer-status',
    args: { params: { action: 'complete', transfer_id: '2' } },
    collection: 'transfers',
    recordKey: 2,
    label: 'Mark as Complete',
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: Date.now(),
    state: 'pending',
    lastError: null,
    lastStatus: null,
  };
  await v9.table('outbox').add(queued);
  v9.close();

  await db.open();
  expect(db.verno).toBe(11);
  expect(await cachedList('transfers').toArray()).toEqual([1, 2, 3].map((id) => sampleTransfer(id)));
  expect(await cachedList('staff').count()).toBe(1);
  expect(await cachedList('inquiries').count()).toBe(0);
  expect((await db.meta.get('cursor:transfers'))?.value).toBe('77');
  expect((await db.meta.get('cursor:staff'))?.value).toBe('5');
  expect(await db.outbox.toArray()).toEqual([{ ...queued, seq: 1 }]);
  // The row is kept as the server sent it; the queued change is laid over it when read.
  expect((await cachedList('transfers').get(2))!.status).toBe('active');
  expect((await shownTransfer(2))!.status).toBe('completed');
});

it("a version 5 database's queued change is migrated, and its row goes back to the server's version", async () => {
  db.close();
  // What the lists in memory held came from the database deleted here.
  forgetCollectionViews();
  await Dexie.delete(DB_NAME);
  const v5 = new Dexie(DB_NAME);
  v5.version(5).stores({
    transfers: 'transfer_id, user_id, created_at, _confirmedAt',
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  const server = sampleTransfer(1);
  // What version 5 stored after "Mark as Complete" offline: the change in the row, the server's
  // version in `_base`, and the entry as a method, path and patch.
  await v5.table('transfers').put({ ...server, status: 'completed', _base: server });
  await v5.table('outbox').add({
    id: 'queued-by-v5',
    schemaVersion: 2,
    owner: { uid: 'uid-1', email: 'staff@pharmacy.test' },
    kind: 'transfer-action',
    method: 'PUT',
    path: '/admin/transfers/complete/1',
    collection: 'transfers',
    recordKey: 1,
    patch: { status: 'completed' },
    label: 'Mark as Complete',
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: Date.now(),
    state: 'pending',
    lastError: null,
    lastStatus: null,
  });
  v5.close();

  await db.open();
  expect(await cachedList('transfers').get(1)).toEqual(server);
  const [entry] = await db.outbox.toArray();
  expect(entry).toMatchObject({
    id: 'queued-by-v5',
    schemaVersion: 3,
    action: 'transfer-status',
    args: { params: { action: 'complete', transfer_id: '1' } },
    state: 'pending',
  });
  expect(entry).not.toHaveProperty('path');
  expect((await shownTransfer(1))!.status).toBe('completed');
});

it('a version 7 database opens as version 11 with the saved replies list, its cache and queue kept', async () => {
  db.close();
  // What the lists in memory held came from the database deleted here.
  forgetCollectionViews();
  await Dexie.delete(DB_NAME);
  const v7 = new Dexie(DB_NAME);
  v7.version(7).stores({
    transfers: 'transfer_id, user_id, created_at',
    inquiries: 'message_id, user_id',
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  await v7.table('transfers').put(sampleTransfer(1));
  await v7.table('meta').put({ key: 'cursor:transfers', value: '42' });
  v7.close();

  await db.open();
  expect(db.verno).toBe(11);
  expect(await cachedList('transfers').get(1)).toEqual(sampleTransfer(1));
  expect((await db.meta.get('cursor:transfers'))?.value).toBe('42');
  await cachedList('savedReplies').put({ saved_reply_id: 7, title: 'Hours', text: 'We open at 9.' });
  expect(await cachedList('savedReplies').get(7)).toEqual({ saved_reply_id: 7, title: 'Hours', text: 'We open at 9.' });
});

it('a version 8 database opens as version 11 with the staff directory, its cache kept', async () => {
  db.close();
  // What the lists in memory held came from the database deleted here.
  forgetCollectionViews();
  await Dexie.delete(DB_NAME);
  const v8 = new Dexie(DB_NAME);
  v8.version(8).stores({
    transfers: 'transfer_id, user_id, created_at',
    savedReplies: 'saved_reply_id',
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  await v8.table('transfers').put(sampleTransfer(1));
  await v8.table('savedReplies').put({ saved_reply_id: 7, title: 'Hours', text: 'We open at 9.' });
  v8.close();

  await db.open();
  expect(db.verno).toBe(11);
  expect(await cachedList('transfers').get(1)).toEqual(sampleTransfer(1));
  expect(await cachedList('savedReplies').count()).toBe(1);
  const member = { staff_id: 3, uid: 'u-3', name: 'Priya Shah', email: 'priya@example.com', role: 'admin' };
  await cachedList('staff').put(member);
  expect(await cachedList('staff').get(3)).toEqual(member);
});
