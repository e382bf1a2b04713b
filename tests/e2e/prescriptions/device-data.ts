// Reads everything the browser keeps for the origin: every IndexedDB database and object store,
// and every Cache Storage entry. Used to prove that nothing of a patient stays after logout.
import type { Page } from 'playwright-core';

export interface DeviceDump {
  /** JSON of every IndexedDB record, one string per record. */
  records: string[];
  /** URLs held in Cache Storage. */
  cachedUrls: string[];
}

export function dumpDeviceData(page: Page): Promise<DeviceDump> {
  return page.evaluate(async () => {
    const records: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const value of all) records.push(`${info.name}/${store}: ${JSON.stringify(value)}`);
      }
      db.close();
    }
    const cachedUrls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) cachedUrls.push(request.url);
    }
    return { records, cachedUrls };
  });
}
