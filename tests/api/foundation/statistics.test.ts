// The planner's statistics (src/server/db/statistics.ts): with 5,000 transfers a delta sync must
// read its index, not the whole table. The embedded database has no autovacuum: the server
// analyses it itself once it is up; the seed CLI analyses what it wrote on either database.
// Each test has its own database: an ANALYZE in one would otherwise decide the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/client';
import { SYNCED_LISTS } from '../../../src/server/repositories/list-registry';
import { analyze } from '../../../src/server/db/statistics';
import { seedScale } from '../../../src/server/seed/scale';
import { testConfig } from '../support/boot-test-app';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';

/** For the server's own ANALYZE, and for the seed CLI's: neither analysed before its test. */
let forServer: FreshDatabase;
let forSeedCli: FreshDatabase;

async function seededDatabase(): Promise<FreshDatabase> {
  const fresh = await freshDatabase();
  try {
    await seedScale(fresh.db, 5000, new Date('2026-11-23T00:00:00Z'));
  } catch (error) {
    await fresh.close();
    throw error;
  }
  return fresh;
}

beforeAll(async () => {
  forServer = await seededDatabase();
  forSeedCli = await seededDatabase();
});
afterAll(async () => {
  await forServer?.close();
  await forSeedCli?.close();
});

/** The plan of the delta query's row half (synced-list.ts) for the newest 50 changes. */
async function deltaPlan(db: Db): Promise<string> {
  const [{ max }] = (await db.query<{ max: string }>('SELECT max(change_no)::text AS max FROM transfers')) as [{ max: string }];
  const rows = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT t.transfer_id FROM ${SYNCED_LISTS.transfers.table} t WHERE t.change_no > $1 ORDER BY t.change_no LIMIT 5001`,
    [Number(max) - 50],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('planner statistics', () => {
  it('the embedded database is analysed by the server itself, and then a delta reads the index', async (context) => {
    if (forServer.db.keepsStatistics) context.skip();
    // Never analysed: the planner guesses and scans the table.
    expect(await deltaPlan(forServer.db)).toMatch(/Seq Scan on transfers/);
    // The real app on that database, as the server CLI boots it: nothing here analyses it.
    const app = await buildApp(testConfig(forServer.dataDir, forServer.databaseUrl), { db: forServer.db });
    try {
      await app.ready();
      await expect.poll(() => deltaPlan(forServer.db), { timeout: 10_000 }).toMatch(/Index Scan using transfers_change_no/);
    } finally {
      await app.close();
    }
  });

  it('after the seed CLI\'s ANALYZE a delta reads the index, on either database', async () => {
    await analyze(forSeedCli.db);
    expect(await deltaPlan(forSeedCli.db)).toMatch(/Index Scan using transfers_change_no/);
  });
});
