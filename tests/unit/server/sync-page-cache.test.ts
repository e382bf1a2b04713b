// The kept pages of the lists' syncs (routes/admin/sync-page-cache.ts): what is kept, for how
// long, what is read again. The API test (tests/api/lists/sync-page-cache.test.ts) shows a device
// ending with the list as it stands when kept pages are older than the writes after them.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { SyncPageCache } from '../../../src/server/routes/admin/sync-page-cache';
import type { ChangesJson } from '../../../src/server/repositories/synced-list';

/** A page of `kb` KiB of text (64 KiB and more are kept). */
function pageOf(kb: number, cursor: number, more: boolean): ChangesJson {
  return { json: `{"items":"${'x'.repeat(kb * 1024)}"}`, cursor, more };
}

function clock() {
  let now = 1_000;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

const always = () => true;

describe('SyncPageCache', () => {
  it('reads a page once for the devices asking for it, together or later', async () => {
    const cache = new SyncPageCache();
    const read = vi.fn(async () => pageOf(100, 20, true));
    const [a, b] = await Promise.all([cache.page('transfers', 0, 5000, read, always), cache.page('transfers', 0, 5000, read, always)]);
    const c = await cache.page('transfers', 0, 5000, read, always);
    expect(read).toHaveBeenCalledTimes(1);
    expect(a.body.equals(b.body) && b.body === c.body).toBe(true);
    expect(c).toMatchObject({ cursor: 20, more: true });
    // Kept as text and gzipped (the same text), both counted.
    expect(gunzipSync(c.gzipped!).equals(c.body)).toBe(true);
    expect(cache.size).toBe(a.body.length + c.gzipped!.length);
  });

  it('keeps pages apart by list, cursor and size', async () => {
    const cache = new SyncPageCache();
    const read = vi.fn(async () => pageOf(100, 20, true));
    await cache.page('transfers', 0, 5000, read, always);
    await cache.page('refills', 0, 5000, read, always);
    await cache.page('transfers', 10, 5000, read, always);
    await cache.page('transfers', 0, 100, read, always);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('sends a kept last page only while nothing is known to have changed after its cursor', async () => {
    const cache = new SyncPageCache();
    const read = vi.fn(async () => pageOf(100, 20, false));
    let nothingAfter = true;
    const stillLast = vi.fn(() => nothingAfter);
    await cache.page('transfers', 0, 5000, read, stillLast);
    await cache.page('transfers', 0, 5000, read, stillLast);
    expect(read).toHaveBeenCalledTimes(1);
    expect(stillLast).toHaveBeenLastCalledWith(20);
    nothingAfter = false;
    await cache.page('transfers', 0, 5000, read, stillLast);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads a page again once it has been kept its time', async () => {
    const time = clock();
    const cache = new SyncPageCache({ keptMs: 60_000, now: time.now });
    const read = vi.fn(async () => pageOf(100, 20, true));
    await cache.page('transfers', 0, 5000, read, always);
    time.pass(59_000);
    await cache.page('transfers', 0, 5000, read, always);
    expect(read).toHaveBeenCalledTimes(1);
    time.pass(2_000);
    await cache.page('transfers', 0, 5000, read, always);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps within its bytes, letting the oldest pages go first', async () => {
    const time = clock();
    const cache = new SyncPageCache({ maxBytes: 250 * 1024, now: time.now });
    const read = vi.fn(async () => pageOf(100, 20, true));
    for (const since of [0, 1, 2]) {
      await cache.page('transfers', since, 5000, read, always);
      time.pass(10);
    }
    expect(cache.size).toBeLessThanOrEqual(250 * 1024);
    await cache.page('transfers', 2, 5000, read, always);
    await cache.page('transfers', 1, 5000, read, always);
    expect(read).toHaveBeenCalledTimes(3);
    await cache.page('transfers', 0, 5000, read, always);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('does not keep small pages, nor a failed read', async () => {
    const cache = new SyncPageCache();
    const small = vi.fn(async () => pageOf(1, 20, true));
    await cache.page('transfers', 0, 5000, small, always);
    await cache.page('transfers', 0, 5000, small, always);
    expect(small).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    const failing = vi.fn(async (): Promise<ChangesJson> => {
      throw new Error('database gone');
    });
    await expect(cache.page('refills', 0, 5000, failing, always)).rejects.toThrow('database gone');
    const read = vi.fn(async () => pageOf(100, 20, true));
    await cache.page('refills', 0, 5000, read, always);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
