// Writes one page of a delta sync: the changed records through the rebase, the deletions, and
// the cursor, all in ONE transaction, so the cursor never runs ahead of the data it stands for.
import type { CollectionName, DeltaPage } from '../../shared/collections';
import { collectionTable, db } from './db';
import { isInFlight, type OutboxEntry } from './outbox-entry';
import { buildRow, recordKeyOf } from './cached-row';
import { entriesOfCollection } from './rebase';
import { assertGeneration } from './session';

/** Records put per task while a page is written (a 5,000-record page in one task blocks ~125 ms). */
const PUT_SLICE = 1000;

export const REMOVED_ON_SERVER = 'This record was removed on the server.';

export function cursorKey(collection: CollectionName): string {
  return `cursor:${collection}`;
}

export function lastSyncKey(collection: CollectionName): string {
  return `lastSync:${collection}`;
}

export interface PageWrite {
  collection: CollectionName;
  page: DeltaPage<object>;
  /** Local time the request for this page was sent. */
  requestedAt: number;
  generation: number;
  /** On the last page of a sync from 0: every key the server listed; other cached rows go. */
  sweepExcept?: ReadonlySet<number>;
  /** Write even records a mutation answer confirmed while the page was in flight. */
  force?: boolean;
}

export class UnreadablePageError extends Error {
  constructor() {
    super('The server sent a list this app cannot read.');
    this.name = 'UnreadablePageError';
  }
}

export interface PageWriteResult {
  /** Records left as they were because a newer answer may have landed meanwhile. */
  raced: number;
}

/**
 * A record confirmed by a mutation's answer after this page was requested may be newer than the
 * page's copy (or older: there is no version to compare). Such a page is written without those
 * records and without its cursor; the caller asks for it again, and the new answer is newer.
 */
export async function writeDeltaPage(write: PageWrite): Promise<PageWriteResult> {
  const { collection, page } = write;
  const table = collectionTable(collection);
  const unreadable =
    !Array.isArray(page.items) ||
    !Array.isArray(page.deleted) ||
    page.items.some((item) => !item || typeof recordKeyOf(collection, item) !== 'number');
  if (unreadable) throw new UnreadablePageError();
  return db.transaction('rw', table, db.outbox, db.meta, async () => {
    assertGeneration(write.generation);
    const entries = await entriesOfCollection(collection);
    // Only rows a mutation's answer confirmed since the request matter (an older confirmation is
    // older than every page asked from now on): the sparse `_confirmedAt` index finds just those,
    // and the page's other rows are written without reading them first.
    const confirmed = write.force
      ? new Set<number>()
      : new Set((await table.where('_confirmedAt').aboveOrEqual(write.requestedAt).primaryKeys()) as number[]);
    const rows: object[] = [];
    let raced = 0;
    for (const item of page.items) {
      const key = recordKeyOf(collection, item);
      if (confirmed.has(key)) {
        raced += 1;
        continue;
      }
      const inFlight = (entries.get(key) ?? []).filter(isInFlight);
      rows.push(buildRow(item as Record<string, unknown>, inFlight));
    }
    // In slices, each written when the last is: one task stays short (about 25 µs a record)
    // while the transaction, the page and its cursor stay one.
    for (let from = 0; from < rows.length; from += PUT_SLICE) await table.bulkPut(rows.slice(from, from + PUT_SLICE) as never[]);

    const gone = new Set(page.deleted);
    if (write.sweepExcept && raced === 0) {
      for (const key of (await table.toCollection().primaryKeys()) as number[]) {
        if (!write.sweepExcept.has(key)) gone.add(key);
      }
    }
    await removeRecords(collection, [...gone], entries);

    if (raced === 0) {
      await db.meta.bulkPut([
        { key: cursorKey(collection), value: page.cursor },
        ...(page.more ? [] : [{ key: lastSyncKey(collection), value: Date.now() }]),
      ]);
    }
    return { raced };
  });
}

/**
 * The server deleted these records. Unsent changes to them can never apply: they are marked
 * failed (and stay listed under "Unsent changes" for the person to see and discard).
 */
async function removeRecords(collection: CollectionName, keys: number[], entries: Map<number, OutboxEntry[]>) {
  if (keys.length === 0) return;
  await collectionTable(collection).bulkDelete(keys);
  for (const key of keys) {
    for (const entry of entries.get(key) ?? []) {
      if (entry.state !== 'pending') continue;
      await db.outbox.update(entry.seq as number, { state: 'failed', lastError: REMOVED_ON_SERVER, lastStatus: 404 });
    }
  }
}
