// The access log's hash chain (issue 18): appends in the caller's transaction (one rolled back
// leaves nothing), one line under concurrent appends, `npm run access-log -- verify` passing and
// then naming an entry edited behind the app's back (exit 1), the retention purge and the chain
// verified again from its anchor. On PGlite (DATA_DIR, the CLI run with the database closed: it
// is one process's) or, with DATABASE_URL, on a new PostgreSQL database.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../src/server/db/client';
import {
  appendAccessEntries,
  appendAccessEntriesAlone,
  appendAccessEntriesWith,
  GENESIS_HASH,
  purgeBefore,
  verifyChain,
  type NewAccessEntry,
} from '../../../src/server/repositories/access-log';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A test that runs the command: a process of its own, which opens the database (PGlite: seconds). */
const WITH_CLI = 180_000;

let fresh: FreshDatabase;
let db: Db;

// A first run after a new migration builds the PGlite template (initdb), slow on a busy machine.
beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.db;
}, 180_000);
afterAll(async () => {
  if (!fresh) return;
  if (db === fresh.db) return fresh.close();
  // Reopened after a CLI step (PGlite): the fixture's own handle is closed already.
  await db.close();
  rmSync(fresh.dataDir, { recursive: true, force: true });
});

const entry = (n: number, over: Partial<NewAccessEntry> = {}): NewAccessEntry => ({
  actor_uid: 'uid-chain',
  actor_name: 'chain@pharmacy.test',
  device_id: 'tablet-1',
  action: 'view',
  collection: 'transfers',
  record_id: n,
  patient_user_id: 100 + n,
  patient_name: `Patient ${n}`,
  detail: { n, words: 'ünïcödé "quoted"' },
  occurred_at: new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString(),
  offline: n % 2 === 0,
  ...over,
});

/** Runs `npm run access-log -- …` on this file's database; PGlite's is closed for it meanwhile. */
async function cli(...args: string[]): Promise<{ code: number | null; out: string }> {
  const embedded = fresh.databaseUrl === undefined;
  if (embedded) await db.close();
  try {
    const { DATABASE_URL: _server, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/access-log.ts', ...args], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: fresh.dataDir, ...(embedded ? {} : { DATABASE_URL: fresh.databaseUrl }), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, out };
  } finally {
    if (embedded) db = await openDb({ dataDir: fresh.dataDir });
  }
}

/** What a superuser can do behind the app's back: the append-only trigger switched off. */
async function tamper(sql: string): Promise<void> {
  await db.transaction((tx) =>
    tx.exec(`ALTER TABLE access_log DISABLE TRIGGER access_log_append_only;
      ${sql};
      ALTER TABLE access_log ENABLE TRIGGER access_log_append_only`),
  );
}

describe('the hash chain', () => {
  it('is written in the caller transaction: one that rolls back leaves no entry', async () => {
    await db.transaction((tx) => appendAccessEntries(tx, [entry(1)]));
    await expect(
      db.transaction(async (tx) => {
        await appendAccessEntries(tx, [entry(99)]);
        throw new Error('the effect failed');
      }),
    ).rejects.toThrow('the effect failed');
    await db.transaction((tx) => appendAccessEntries(tx, [entry(2), entry(3), entry(4)]));
    const rows = await db.query<{ entry_id: number; record_id: number; prev_hash: string }>(
      'SELECT entry_id, record_id, prev_hash FROM access_log ORDER BY entry_id',
    );
    expect(rows.map((r) => [r.entry_id, r.record_id])).toEqual([[1, 1], [2, 2], [3, 3], [4, 4]]);
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
  });

  it('stays one line when many append at once: in transactions, on their own, and with a companion statement', async () => {
    const hit = { text: 'SELECT 1', params: [] };
    const append = (i: number): Promise<unknown> => {
      const entries = [entry(10 + i)];
      if (i % 3 === 1) return appendAccessEntriesAlone(db, entries);
      if (i % 3 === 2) return db.transaction((tx) => appendAccessEntriesWith(tx, entries, hit));
      return db.transaction((tx) => appendAccessEntries(tx, entries));
    };
    // A companion that updates nothing takes its entries with it.
    const missed = db.transaction((tx) => appendAccessEntriesWith(tx, [entry(98)], { text: 'SELECT 1 WHERE $1', params: [false] }));
    const results = await Promise.all([missed, ...Array.from({ length: 16 }, (_, i) => append(i))]);
    expect(results[0]).toBe(false);
    const report = await verifyChain(db, 7);
    expect(report).toMatchObject({ entries: 20, first: 1, last: 20, problem: null });
  });

  it('verifies, and names the entry after one removed, or the missing end', async () => {
    const ok = await cli('verify');
    expect(ok.out).toMatch(/verifies: 20 entries, 1 to 20, chained from the start/);
    expect(ok.code).toBe(0);

    for (const [id, named, reason] of [
      [12, 13, 'entry 12 is missing'],
      [20, 20, 'entry 20 is missing from the end of the log'],
    ] as const) {
      const [row] = await db.query<Record<string, unknown>>('SELECT * FROM access_log WHERE entry_id = $1', [id]);
      await tamper(`DELETE FROM access_log WHERE entry_id = ${id}`);
      expect((await verifyChain(db, 5)).problem).toEqual({ entry_id: named, reason });
      // Put back as it was, the chain holds again.
      const json = JSON.stringify(row).replace(/'/g, "''");
      await tamper(`INSERT INTO access_log SELECT * FROM jsonb_populate_record(NULL::access_log, '${json}'::jsonb)`);
      expect((await verifyChain(db, 5)).problem).toBeNull();
    }
  }, WITH_CLI);

  it('names an entry edited in the database, and exits 1', async () => {
    await tamper("UPDATE access_log SET patient_name = 'Someone Else' WHERE entry_id = 6");
    expect((await verifyChain(db, 4)).problem).toEqual({
      entry_id: 6,
      reason: 'its fields do not match its hash: it was changed after it was written',
    });
    const failed = await cli('verify');
    expect(failed.out).toMatch(/does not verify: entry 6: its fields do not match its hash.*5 entries before it hold/s);
    expect(failed.code).toBe(1);
  }, WITH_CLI);

  it('purges the oldest entries through the one allowed path, logs it, and verifies from its anchor', async () => {
    // Entries 1 to 8 (the edited one among them) received long ago.
    await tamper("UPDATE access_log SET received_at = '2025-01-01T12:00:00Z' WHERE entry_id <= 8");
    const purged = await cli('purge', '--before', '2025-06-01');
    expect(purged.out).toMatch(/Purged 8 entries received before 2025-06-01 .*the chain now starts at entry 9, and entry 21 records the purge/s);
    expect(purged.code).toBe(0);

    const rows = await db.query<{ entry_id: number; action: string; actor_uid: string; detail: Record<string, unknown>; prev_hash: string }>(
      'SELECT entry_id, action, actor_uid, detail, prev_hash FROM access_log ORDER BY entry_id',
    );
    expect(rows.map((r) => r.entry_id)).toEqual(Array.from({ length: 13 }, (_, i) => 9 + i));
    expect(rows.at(-1)).toMatchObject({
      entry_id: 21,
      action: 'purge',
      actor_uid: 'cli',
      detail: { before: '2025-06-01', removed: 8, first_removed: 1, last_removed: 8, anchor_entry_id: 9, anchor_hash: rows[0]!.prev_hash },
    });

    const verified = await cli('verify');
    expect(verified.out).toMatch(/verifies: 13 entries, 9 to 21, chained from the anchor of a purge/);
    expect(verified.code).toBe(0);
    // The purge's leave ended with its transaction.
    await expect(db.query('DELETE FROM access_log WHERE entry_id = 9')).rejects.toThrow(/append-only/);

    // Nothing older left: a second purge removes nothing and writes nothing.
    const again = await purgeBefore(db, { instant: new Date('2025-06-01T04:00:00Z'), label: '2025-06-01' }, { uid: 'cli', name: 'test' });
    expect(again).toEqual({ removed: 0, entry_id: null, anchor_entry_id: null });
    expect(await db.query('SELECT 1 FROM access_log')).toHaveLength(13);
  }, WITH_CLI);

  it('refuses a first entry that no purge anchored', async () => {
    await tamper('DELETE FROM access_log WHERE entry_id = 9');
    expect((await verifyChain(db)).problem).toMatchObject({ entry_id: 10 });
    const failed = await cli('verify');
    expect(failed.out).toMatch(/entry 10: the chain starts here, but no purge recorded it as the start/);
    expect(failed.code).toBe(1);
  }, WITH_CLI);
});
