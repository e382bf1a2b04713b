// The full pages of the lists' syncs, kept as the bytes sent, for the devices that ask for the
// same page next (issue 22). At a change of shift every device signing in reads every list from
// the start: 100,000 transfers are 20 pages and 37 MB of JSON the database writes each time
// (1.5-1.7 s of the server's time per device here). Kept, a page costs the copy.
//
// A kept page stays a true answer after later writes, so no write has to clear it. A delta page
// after cursor C, up to cursor D, holds the rows whose change number was in (C, D] when it was
// read. A row changed since then has a change number past every cursor of that time, so the
// pages after D bring it, as they bring a deletion's tombstone or a new row; the device ends with
// the list as it stands. Only "no more after D" can turn false: a kept last page is sent only
// while this instance knows nothing changed after its cursor (change-feed.ts), otherwise it is
// read again. Pages are kept a short while (a change of shift), within a byte budget, so a
// deleted patient's row does not go on being handed out (it would be deleted by the next page).
// A kept page is also kept gzipped (gzip-answer.ts), compressed once for every device.
import type { CollectionName } from '../../../shared/collections';
import type { ChangesJson } from '../../repositories/synced-list';
import { gzipText } from './gzip-answer';

/** How long a page is kept after it was read. */
export const SYNC_PAGE_KEPT_MS = 10 * 60_000;
/** Bytes of pages kept at most (the oldest go first). */
export const SYNC_PAGE_CACHE_BYTES = 128 * 1024 * 1024;
/** Pages smaller than this are read again each time (a delta of a few changes is cheap). */
const SMALLEST_KEPT_BYTES = 64 * 1024;

export interface KeptPage {
  body: Buffer;
  /** The body gzipped, when the page is large enough to be kept. */
  gzipped?: Buffer;
  cursor: number;
  more: boolean;
}

interface Entry {
  page: Promise<KeptPage>;
  at: number;
  bytes: number;
}

export interface SyncPageCacheOptions {
  keptMs?: number;
  maxBytes?: number;
  now?: () => number;
}

export class SyncPageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly keptMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: SyncPageCacheOptions = {}) {
    this.keptMs = options.keptMs ?? SYNC_PAGE_KEPT_MS;
    this.maxBytes = options.maxBytes ?? SYNC_PAGE_CACHE_BYTES;
    this.now = options.now ?? Date.now;
  }

  /**
   * The page after `since` of `limit` changes: kept, or read by `read` (devices asking together
   * share one read). `stillLast(cursor)` says whether nothing is known to have changed after
   * `cursor`: a kept last page is sent only then.
   */
  async page(
    list: CollectionName,
    since: number,
    limit: number,
    read: () => Promise<ChangesJson>,
    stillLast: (cursor: number) => boolean,
  ): Promise<KeptPage> {
    const key = `${list} ${since} ${limit}`;
    const kept = this.entries.get(key);
    if (kept && this.now() - kept.at < this.keptMs) {
      const page = await kept.page.catch(() => null);
      if (page && (page.more || stillLast(page.cursor))) return page;
    }
    if (kept) this.drop(key);
    const entry: Entry = {
      page: read().then(async ({ json, cursor, more }) => {
        const body = Buffer.from(json);
        return { body, gzipped: body.length < SMALLEST_KEPT_BYTES ? undefined : await gzipText(body), cursor, more };
      }),
      at: this.now(),
      bytes: 0,
    };
    this.entries.set(key, entry);
    try {
      const page = await entry.page;
      if (this.entries.get(key) === entry) {
        if (page.body.length < SMALLEST_KEPT_BYTES) this.drop(key);
        else this.count(entry, page.body.length + (page.gzipped?.length ?? 0));
      }
      return page;
    } catch (error) {
      if (this.entries.get(key) === entry) this.drop(key);
      throw error;
    }
  }

  /** Bytes of the pages kept now. */
  get size(): number {
    return this.bytes;
  }

  private count(entry: Entry, bytes: number): void {
    entry.bytes = bytes;
    this.bytes += bytes;
    // Oldest first: a Map iterates in insertion order.
    for (const [key, other] of this.entries) {
      if (this.bytes <= this.maxBytes && this.now() - other.at < this.keptMs) break;
      this.drop(key);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
