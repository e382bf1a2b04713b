// A fresh, migrated database for one test file: PGlite in a temporary folder, or, when
// DATABASE_URL is set, a new database on that PostgreSQL server (dropped again on close).
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDb, type Db } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';

const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.resolve(here, '../../../src/server/db/migrations');
const PGLITE_PACKAGE = path.resolve(
  here,
  '../../../node_modules/@electric-sql/pglite/package.json',
);

export interface FreshDatabase {
  db: Db;
  /** Temporary DATA_DIR (PGlite's files live under it in PGlite mode). */
  dataDir: string;
  /** Set in PostgreSQL mode: the URL of this file's own database. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A new PGlite folder costs 10-20 s of initdb here, a copy of a migrated one about 1 s: the
 * first test file builds a template (per migrations and PGlite version), the others copy it.
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(PGLITE_PACKAGE));
  for (const name of readdirSync(MIGRATIONS).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  }
  const name = `pharmacy-pglite-template-${hash.digest('hex').slice(0, 16)}`;
  const template = path.join(os.tmpdir(), name);
  if (existsSync(path.join(template, 'ready'))) return template;
  // Templates of earlier migrations are of no more use.
  for (const entry of readdirSync(os.tmpdir())) {
    if (entry.startsWith('pharmacy-pglite-template-') && entry !== name) {
      rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
  }
  const building = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-pglite-building-'));
  const db = await openDb({ dataDir: building });
  await migrate(db);
  await db.close();
  writeFileSync(path.join(building, 'ready'), '');
  try {
    renameSync(building, template);
  } catch {
    // Another run made it first: use theirs.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. */
export async function createServerDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

export async function freshDatabase(options: { migrate?: boolean } = {}): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-test-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else if (options.migrate !== false) {
    cpSync(path.join(await pgliteTemplate(), 'pgdata'), path.join(dataDir, 'pgdata'), {
      recursive: true,
    });
  }
  const db = await openDb({ databaseUrl, dataDir });
  if (options.migrate !== false) await migrate(db);
  return {
    db,
    dataDir,
    databaseUrl,
    async close() {
      await db.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
