// `npm run seed -- --scale N`: a large deterministic data set for benchmarks, into DATA_DIR (or
// DATABASE_URL). Prints the rows added per table and the time taken.
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { analyze } from '../db/statistics';
import { seedScale } from '../seed/scale';
import { runCommand } from './run-command';

const USAGE = 'usage: npm run seed -- --scale N [--now ISO-INSTANT]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { scale: { type: 'string' }, now: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const n = Number(values.scale);
  if (!values.scale || !Number.isInteger(n) || n < 1) {
    console.error(`--scale must be a whole number of transfers\n${USAGE}`);
    return 2;
  }
  // The reference instant: a fixed one gives the same rows on every run.
  const now = values.now ? new Date(values.now) : new Date(new Date().toISOString().slice(0, 10));
  if (Number.isNaN(now.getTime())) {
    console.error(`--now is not a date: ${values.now}`);
    return 2;
  }
  const config = loadConfigOrExit();
  const started = Date.now();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const opened = Date.now();
    const counts = await seedScale(db, n, now);
    // Plans for the new size at once (the embedded database has no autovacuum to do it).
    await analyze(db);
    const seconds = (Date.now() - opened) / 1000;
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(
      `Seeded ${where} in ${seconds.toFixed(1)} s (open + migrate ${((opened - started) / 1000).toFixed(1)} s):`,
    );
    for (const [table, count] of Object.entries(counts)) {
      console.log(`  ${table.padEnd(28)} ${count.toLocaleString('en-CA')}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(main);
