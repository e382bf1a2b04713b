// A device that holds the last release's database (version 4) opens it upgraded: its cache and
// queue are kept, and the indexes of version 5 (newest first, sparse `_confirmedAt`) answer.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { sampleTransfer } from './test-device';
import { db, DB_NAME } from '../../../src/client/offline/db';
import { collectionViews, isPreview, PREVIEW_ROWS } from '../../../src/client/offline/view-store';

it('a version 4 database opens as version 5 with its cache, its queue and the new indexes', async () => {
  db.close();
  await Dexie.delete(DB_NAME);
  const v4 = new Dexie(DB_NAME);
  v4.version(4).stores({
    transfers: 'transfer_id, user_id',
    outbox: '++seq, &id, state, [collection+recordKey]',
    meta: 'key',
  });
  const day = 24 * 3600 * 1000;
  const total = PREVIEW_ROWS + 50;
  await v4.table('transfers').bulkPut(
    Array.from({ length: total }, (_, i) => ({
      ...sampleTransfer(i + 1),
      // Older keys are newer here: the order must come from `created_at`, not from the key.
      created_at: new Date(Date.UTC(2026, 10, 1) - i * day).toISOString(),
      ...(i === 3 ? { _confirmedAt: Date.now() } : {}),
    })),
  );
  await v4.table('meta').put({ key: 'cursor:transfers', value: '42' });
  v4.close();

  await db.open();
  expect(db.verno).toBe(5);
  expect(await db.transfers.count()).toBe(total);
  expect((await db.meta.get('cursor:transfers'))?.value).toBe('42');
  const newest = await db.transfers.orderBy('created_at').reverse().limit(3).primaryKeys();
  expect(newest).toEqual([1, 2, 3]);
  expect(await db.transfers.where('_confirmedAt').above(0).primaryKeys()).toEqual([4]);

  const views = collectionViews('transfers');
  const published: (readonly object[])[] = [];
  const stop = views.subscribe(() => {
    const rows = views.get();
    if (rows) published.push(rows);
  });
  for (let i = 0; i < 600 && !published.some((rows) => rows.length === total); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  stop();
  expect(isPreview(published[0]!)).toBe(true);
  expect((published[0] as { transfer_id: number }[]).slice(0, 3).map((row) => row.transfer_id)).toEqual([1, 2, 3]);
  expect(published.at(-1)).toHaveLength(total);
});
