// The device's id for the access log (issue 18): made once, kept in its own database, the same on
// every call (and read from memory once known, without a timer per request).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { deviceId } from '../../../src/client/offline/device-id';

describe('deviceId', () => {
  it('is made once, kept, and the same for every call', async () => {
    const first = await deviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    const stored = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('pharmacy-device');
      open.onsuccess = () => {
        const get = open.result.transaction('kv').objectStore('kv').get('id');
        get.onsuccess = () => {
          open.result.close();
          resolve(get.result);
        };
        get.onerror = () => reject(get.error);
      };
    });
    expect(stored).toBe(first);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    expect(await deviceId()).toBe(first);
    expect(timers).not.toHaveBeenCalled();
    timers.mockRestore();
  });
});
