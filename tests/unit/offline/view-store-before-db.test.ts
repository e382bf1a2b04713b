// A screen may subscribe to a list before the offline database's module has run (the order in
// which a build evaluates its modules is the bundler's): the list waits, it is never "empty".
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { collectionViews } from '../../../src/client/offline/view-store';
import type { Transfer } from '../../../src/shared/entities';
import { waitFor } from '../../support/wait-for';

it('a list subscribed before the database is installed waits for it, then shows what it holds', async () => {
  const views = collectionViews('transfers');
  let notified = 0;
  const stop = views.subscribe(() => (notified += 1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Not read yet: not an empty list, which a screen would show as "nothing here".
  expect(views.get()).toBeUndefined();
  expect(notified).toBe(0);

  const { db } = await import('../../../src/client/offline/db');
  const { sampleTransfer } = await import('./test-device');
  const { cachedList } = await import('../../support/cached-list');
  await cachedList('transfers').bulkPut([sampleTransfer(1), sampleTransfer(2)] as never[]);
  await waitFor('both rows', () => (views.get() ?? []).length === 2, { interval: 10 });
  expect(((views.get() ?? []) as Transfer[]).map((row) => row.transfer_id).sort()).toEqual([1, 2]);
  stop();
  db.close();
});
