// A device as a person finds it after the logout wipe, for the API tests that drive the app's own
// offline modules (Dexie on fake-indexeddb): the API project runs its files in shared workers
// (vitest.config.ts, isolate: false), so a file must not find the outbox or lists of the one before.
import { db } from '../../src/client/offline/db';
import { wipeDeviceData } from '../../src/client/offline/wipe';

export async function freshDevice(): Promise<void> {
  await wipeDeviceData();
  await db.open();
}
