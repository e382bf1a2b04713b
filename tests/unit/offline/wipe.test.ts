// The wipe is certain (issue 10, item 7): it ends only when the browser says the database is
// gone; other contexts are asked to let go of it, and when one will not, the wipe says so
// instead of moving on.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetDevice, sampleTransfer } from './test-device';
import { db, DB_NAME } from '../../../src/client/offline/db';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { transferStatusCall } from '../../../src/shared/actions/calls';
import { OUTBOX_CHANNEL } from '../../../src/client/offline/outbox-channel';
import { wipeDeviceData, WipeIncompleteError } from '../../../src/client/offline/wipe';
import { cachedList } from '../../support/cached-list';

function openRaw(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((info) => info.name ?? '');
}

beforeEach(async () => {
  if (!db.isOpen()) await db.open();
  await resetDevice();
  await cachedList('transfers').put(sampleTransfer(1));
  await enqueueAction(transferStatusCall(1, 'complete'), sampleTransfer(1));
});

afterEach(async () => {
  if (!db.isOpen()) await db.open();
});

describe('wipeDeviceData', () => {
  it('deletes the database and counts the unsent changes it removed', async () => {
    expect(await wipeDeviceData()).toEqual({ discarded: 1, others: 0 });
    expect(await databaseNames()).not.toContain(DB_NAME);
  });

  it('another context that lets go when asked does not hold the wipe up', async () => {
    const other = await openRaw();
    other.onversionchange = null; // it ignores the browser's own signal…
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ type: string }>) => {
      if (event.data.type === 'wiped') other.close(); // …but hears the app's word
    };
    try {
      await wipeDeviceData({ deadlineMs: 5000 });
      expect(await databaseNames()).not.toContain(DB_NAME);
    } finally {
      channel.close();
    }
  });

  it('says so when a connection will not close, and finishes when tried again', async () => {
    const stubborn = await openRaw();
    stubborn.onversionchange = null;
    await expect(wipeDeviceData({ deadlineMs: 300 })).rejects.toBeInstanceOf(WipeIncompleteError);
    expect(await databaseNames()).toContain(DB_NAME);

    stubborn.close();
    await wipeDeviceData({ deadlineMs: 2000 });
    expect(await databaseNames()).not.toContain(DB_NAME);
  });
});
