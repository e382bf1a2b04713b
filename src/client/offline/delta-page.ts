// Writes one page of a delta sync: the changed records, the deletions, and the cursor, all in ONE
// transaction, so the cursor never runs ahead of the data it stands for.
import { COLLECTIONS, type CollectionName, type DeltaPage } from '../../shared/collections';
import { collectionTable, db } from './db';
import { ProblemError } from './problem';
import { assertGeneration } from './session';

/** Records put per task while a page is written (a 5,000-record page in one task blocks ~125 ms). */
const PUT_SLICE = 1000;

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
  /** On the last page of a sync from 0: every key the server listed; other cached rows go. */
  sweepExcept?: ReadonlySet<number>;
}

export class UnreadablePageError extends ProblemError {
  constructor() {
    super({ code: 'unreadableList' });
    this.name = 'UnreadablePageError';
  }
}

/**
 * Writes the page's rows as the server sent them, its deletions and its cursor. The outbox is
 * not read: unsent changes are laid over the rows when they are read (overlay.ts), and an
 * unsent change to a record the server deleted gets its 404 when it is sent.
 */
export async function writeDeltaPage(write: PageWrite): Promise<void> {
  const { collection, page } = write;
  const table = collectionTable(collection);
  const unreadable =
    !Array.isArray(page.items) ||
    !Array.isArray(page.deleted) ||
    page.items.some((item) => !item || typeof recordKeyOf(collection, item) !== 'number');
  if (unreadable) throw new UnreadablePageError();
  await db.transaction('rw', table, db.meta, async () => {
    assertGeneration(write.generation);
    // In slices, each written when the last is: one task stays short (about 25 µs a record)
    // while the transaction, the page and its cursor stay one.
    for (let from = 0; from < page.items.length; from += PUT_SLICE) {
      await table.bulkPut(page.items.slice(from, from + PUT_SLICE) as never[]);
    }
    const gone = new Set(page.deleted);
    if (write.sweepExcept) {
      for (const key of (await table.toCollection().primaryKeys()) as number[]) {
        if (!write.sweepExcept.has(key)) gone.add(key);
      }
    }
    if (gone.size > 0) await table.bulkDelete([...gone]);
    await db.meta.bulkPut([
      { key: cursorKey(collection), value: page.cursor },
      ...(page.more ? [] : [{ key: lastSyncKey(collection), value: Date.now() }]),
    ]);
  });
}

/** A record's key in a list, from the list's key field. */
function recordKeyOf(collection: CollectionName, record: object): unknown {
  return (record as Record<string, unknown>)[COLLECTIONS[collection].key];
}
