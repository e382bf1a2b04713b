import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api';
import { resetDevice, sampleTransfer } from './test-device';
import { waitFor } from '../../support/wait-for';
import { db } from '../../../src/client/offline/db';
import { recordAccess } from '../../../src/client/offline/access';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { isUnsentChange, type OutboxEntry } from '../../../src/client/offline/outbox-entry';
import { forgetOutboxView, outboxView } from '../../../src/client/offline/outbox-view';
import { transferStatusCall } from '../../../src/shared/actions/calls';
import { cachedList } from '../../support/cached-list';

let api: FakeApi;
let stop: (() => void) | null = null;

beforeEach(async () => {
  api = await startFakeApi();
  api.seed(5);
  setApiOrigin(api.origin);
  await resetDevice('token-1');
  await cachedList('transfers').bulkPut(Array.from({ length: 5 }, (_, i) => sampleTransfer(i + 1)));
});

afterEach(async () => {
  stop?.();
  stop = null;
  vi.restoreAllMocks();
  await api.close();
});

/** Shows the queue as a screen does (the view is read once a screen shows it). */
async function show(): Promise<void> {
  stop = outboxView.subscribe(() => undefined);
  await waitFor('the first read', async () => sameAsDatabase(await database()));
}

const database = async () => (await db.outbox.orderBy('seq').toArray()).filter(isUnsentChange);

function sameAsDatabase(stored: OutboxEntry[]): boolean {
  const shown = outboxView.get();
  return shown.length === stored.length && shown.every((entry, i) => JSON.stringify(entry) === JSON.stringify(stored[i]));
}

describe('the unsent changes shown (outbox-view.ts)', () => {
  it('follows every tap without reading the outbox again, in send order', async () => {
    await show();
    const reads = vi.spyOn(db.outbox, 'orderBy');
    for (let i = 0; i < 30; i += 1) {
      await enqueueAction(transferStatusCall((i % 5) + 1, i % 10 < 5 ? 'complete' : 'incomplete'));
      expect(outboxView.get()).toHaveLength(i + 1);
    }
    expect(reads).not.toHaveBeenCalled();
    expect(outboxView.get().map((entry) => entry.seq)).toEqual([...outboxView.get().map((entry) => entry.seq)].sort((a, b) => a! - b!));
    expect(sameAsDatabase(await database())).toBe(true);
  });

  it('follows the replay down to nothing, each answer laid in as it commits', async () => {
    await show();
    for (let i = 1; i <= 5; i += 1) await enqueueAction(transferStatusCall(i, 'complete'));
    const seen = new Set<number>();
    const unsubscribe = outboxView.subscribe(() => seen.add(outboxView.get().length));
    await drainOutbox();
    unsubscribe();
    await waitFor('the view to empty', () => outboxView.get().length === 0);
    expect(sameAsDatabase(await database())).toBe(true);
    // It went down step by step as the answers came, not in one read at the end.
    expect([...seen].some((count) => count > 0 && count < 5)).toBe(true);
  });

  it('lays in what another context committed, as it tells it, without reading the outbox', async () => {
    await show();
    await enqueueAction(transferStatusCall(1, 'complete'));
    await enqueueAction(transferStatusCall(2, 'complete'));
    const [first, second] = outboxView.get();
    // Another tab queues a change (written without this context's middleware) and the service
    // worker sends the first one: each tells what it committed.
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('pharmacy-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const { seq: _seq, ...copy } = second!;
    const added = { ...copy, id: 'from-another-tab', recordKey: 3, args: { params: { action: 'complete', transfer_id: '3' } } };
    const seq = await new Promise<number>((resolve, reject) => {
      const tx = raw.transaction('outbox', 'readwrite');
      const request = tx.objectStore('outbox').add(added);
      tx.objectStore('outbox').delete(first!.seq!);
      tx.oncomplete = () => resolve(request.result as number);
      tx.onerror = () => reject(tx.error);
    });
    raw.close();
    const reads = vi.spyOn(db.outbox, 'orderBy');
    const other = new BroadcastChannel('pharmacy-collection-changes');
    other.postMessage({ outbox: { written: [{ ...added, seq }], deleted: [first!.seq], cleared: false } });
    await waitFor('the other contexts’ commit', () => outboxView.get().some((entry) => entry.id === 'from-another-tab'));
    expect(reads).not.toHaveBeenCalled();
    expect(sameAsDatabase(await database())).toBe(true);
    // A tab of an earlier version says only that the outbox changed: it is read again.
    other.postMessage({ outbox: true });
    await waitFor('a read', () => reads.mock.calls.length > 0);
    other.close();
    expect(sameAsDatabase(await database())).toBe(true);
  });

  it('keeps the same list, telling no screen, when a commit touches no change (an access-log entry sent)', async () => {
    await show();
    await enqueueAction(transferStatusCall(1, 'complete'));
    await recordAccess({ action: 'view', collection: 'transfers', record_id: 1, patient_user_id: null });
    const access = (await db.outbox.toArray()).find((entry) => entry.action === 'access-record');
    expect(access).toBeDefined();
    const before = outboxView.get();
    let told = 0;
    const unsubscribe = outboxView.subscribe(() => (told += 1));
    // Sent: the outbox lets it go (outbox-settle.ts), a commit that deletes an entry the view never held.
    await db.transaction('rw', db.outbox, () => db.outbox.delete(access!.seq!));
    expect(outboxView.get()).toBe(before);
    expect(told).toBe(0);
    // A change queued after it is told, once.
    await enqueueAction(transferStatusCall(2, 'complete'));
    unsubscribe();
    expect(told).toBe(1);
    expect(outboxView.get()).toHaveLength(2);
  });

  it('shows nothing of a wiped outbox', async () => {
    await show();
    await enqueueAction(transferStatusCall(1, 'complete'));
    expect(outboxView.get()).toHaveLength(1);
    forgetOutboxView();
    expect(outboxView.get()).toHaveLength(0);
  });
});
