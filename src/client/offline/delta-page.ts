// Writes one page of a delta sync: the changed records, the deletions, and the cursor, all in ONE
// transaction, so the cursor never runs ahead of the data it stands for.
import { COLLECTIONS, type CollectionName, type DeltaPage } from '../../shared/collections';
import { db } from './db';
import { ProblemError } from './problem';
import { appendToList, hasSegments, lastSeg, planCompaction, planSweep } from './segments';
import { assertGeneration } from './session';

export function cursorKey(collection: CollectionName): string {
  return `cursor:${collection}`;
}

export function lastSyncKey(collection: CollectionName): string {
  return `lastSync:${collection}`;
}

export interface PageWrite {
  collection: CollectionName;
  page: DeltaPage<object>;
  generation: number;
  /**
   * On the last page of a sync from 0 over a list already held: every key the server listed, and
   * the list's last segment before the sync (sweepFrom); what was held before goes.
   */
  sweep?: { seen: ReadonlySet<number>; upTo: number };
  /** The page as the server sent it, gzipped (packed.ts): stored so rather than as its rows. */
  packed?: Uint8Array;
}

export class UnreadablePageError extends ProblemError {
  constructor() {
    super({ code: 'unreadableList' });
    this.name = 'UnreadablePageError';
  }
}

/**
 * Writes the page's rows as the server sent them, its deletions and its cursor: a segment of the
 * list (segments.ts). The outbox is not read: unsent changes are laid over the rows when they are
 * read (overlay.ts), and an unsent change to a record the server deleted gets its 404 when sent.
 * Answers the keys swept (`sweep`).
 */
export async function writeDeltaPage(write: PageWrite): Promise<number[]> {
  const { collection, page } = write;
  const unreadable =
    !Array.isArray(page.items) ||
    !Array.isArray(page.deleted) ||
    page.items.some((item) => !item || typeof recordKeyOf(collection, item) !== 'number');
  if (unreadable) throw new UnreadablePageError();
  const tables = { table: db.segments, meta: db.meta };
  // Read before the transaction: packed pages are unpacked, and a transaction would not wait.
  const { sweep: ending } = write;
  const sweep = ending ? await planSweep(db.segments, collection, ending.upTo, ending.seen) : undefined;
  const plan = sweep ? null : await planCompaction(tables, collection);
  return db.transaction('rw', db.segments, db.meta, async () => {
    assertGeneration(write.generation);
    const swept = await appendToList(tables, collection, page.items, page.deleted as number[], { plan, sweep, packed: write.packed });
    await db.meta.bulkPut([
      { key: cursorKey(collection), value: page.cursor },
      ...(page.more ? [] : [{ key: lastSyncKey(collection), value: Date.now() }]),
    ]);
    return swept;
  });
}

/** Where a sync from 0 begins: what its last page sweeps is the list's segments up to this one. */
export function sweepFrom(collection: CollectionName): Promise<number> {
  return lastSeg(db.segments, collection);
}

/** Whether the device holds any row of the list (a sync from 0 then compares, and sweeps). */
export function listHasRows(collection: CollectionName): Promise<boolean> {
  return hasSegments(db.segments, collection);
}

/** A record's key in a list, from the list's key field. */
function recordKeyOf(collection: CollectionName, record: object): unknown {
  return (record as Record<string, unknown>)[COLLECTIONS[collection].key];
}
