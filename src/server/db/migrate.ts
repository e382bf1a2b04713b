// One set of numbered SQL migrations, applied in order at start on either database.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Under the start-up lock (Db.oneAtATime): instances starting at once on one database take
 * turns, and each applies only what the others have not (CREATE TABLE IF NOT EXISTS alone is not
 * safe against a concurrent twin). Each step runs in a write transaction of its own.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return db.oneAtATime(async () => {
    await db.transaction((tx) =>
      tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`),
    );
    const applied: string[] = [];
    for (const name of files) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
      await db.transaction(async (tx) => {
        const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
        if (done.length > 0) return;
        await tx.exec(sql);
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        applied.push(name);
      });
    }
    return applied;
  });
}
