// The list answers are written as JSON text where it costs least (synced-list.ts): by the
// database on PGlite, from the rows on PostgreSQL. Both must say the same: every list, whole and
// in delta pages (rows, deletions, cursor, "more"), field for field and in the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_NAMES } from '../../../src/shared/collections';
import { SYNCED_LISTS } from '../../../src/server/repositories/list-registry';
import { listChanges, listChangesJson, listJson, listRecords } from '../../../src/server/repositories/synced-list';
import { seedDemo } from '../../../src/server/seed/demo';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';

let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await freshDatabase();
  await seedDemo(fresh.db, {
    timeZone: 'America/Toronto',
    pharmacyName: 'Trillium Street Pharmacy',
    now: new Date('2026-11-18T15:05:00Z'),
  });
  // Deletions and later changes, so delta pages mix rows and tombstones.
  await fresh.db.query(
    'DELETE FROM transfers WHERE transfer_id IN (SELECT transfer_id FROM transfers ORDER BY transfer_id LIMIT 3)',
  );
  await fresh.db.query(
    'DELETE FROM inquiries WHERE message_id IN (SELECT message_id FROM inquiries ORDER BY message_id LIMIT 2)',
  );
  await fresh.db.query(
    `UPDATE transfers SET status = 'flagged' WHERE transfer_id IN (SELECT transfer_id FROM transfers ORDER BY transfer_id DESC LIMIT 2)`,
  );
}, 120_000);
afterAll(async () => fresh?.close());

/** The rows as the route would send them without the database's JSON (key order kept). */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe(`list JSON on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it.each(COLLECTION_NAMES)('%s: the whole list', async (name) => {
    const list = SYNCED_LISTS[name];
    const rows = asSent(await listRecords(fresh.db, list));
    const text = await listJson(fresh.db, list);
    expect((rows as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.parse(text)).toEqual(rows);
    // Same fields in the same order, record by record.
    expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(rows));
  });

  it.each(COLLECTION_NAMES)('%s: every delta page from the start, 7 changes a page', async (name) => {
    const list = SYNCED_LISTS[name];
    let since = 0;
    let pages = 0;
    let deletions = 0;
    for (;;) {
      const page = asSent(await listChanges(fresh.db, list, since, 7)) as { cursor: string; more: boolean; deleted: number[] };
      const { json, cursor, more } = await listChangesJson(fresh.db, list, since, 7);
      expect(JSON.stringify(JSON.parse(json))).toBe(JSON.stringify(page));
      expect({ cursor: String(cursor), more }).toEqual({ cursor: page.cursor, more: page.more });
      deletions += page.deleted.length;
      pages += 1;
      if (!page.more) break;
      since = Number(page.cursor);
    }
    expect(pages).toBeGreaterThan(1);
    if (name === 'transfers') expect(deletions).toBe(3);
    if (name === 'inquiries') expect(deletions).toBe(2);
    // Past the end: no rows, the cursor stays.
    const end = JSON.parse((await listChangesJson(fresh.db, list, Number.MAX_SAFE_INTEGER, 7)).json) as unknown;
    expect(end).toEqual({ items: [], deleted: [], cursor: String(Number.MAX_SAFE_INTEGER), more: false });
  });
});
