// The API mix (bench/server.ts) on several versions of the code, in turn each round: the way to
// tell whether a change cost throughput on a machine whose speed varies from one hour to the next
// (figures taken minutes apart differ more than most changes do). Each argument is a checkout of
// the code with its dependencies (`git worktree add /tmp/before <commit>`, then
// `ln -s "$PWD/node_modules" /tmp/before/node_modules`); this checkout's bench drives them all.
//   npx tsx src/server/cli/with-emulator.ts npx tsx bench/compare.ts /tmp/before .
// Each code seeds its own copy once (BENCH_SERVER_TRANSFERS, default 20,000); each round starts
// each code's server on a fresh copy of it (a folder copy, or a PostgreSQL database made from it
// as a template with COMPARE_DATABASE_URL, a server the bench may create databases on), runs the
// mix's setup, 3 s of warm-up and BENCH_SERVER_SECONDS measured. COMPARE_ROUNDS (default 5).
// Prints each round's req/s and each code's median with its ratio to the first code's.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../tests/e2e/support/server';
import { median, partLoad } from './report';
import { CONNECTIONS, SECONDS, SERVER_ENV, mixes, seed } from './server';

const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 5);
const DATABASE = process.env.COMPARE_DATABASE_URL;

const codes = process.argv.slice(2).map((dir) => path.resolve(dir));
if (codes.length === 0) {
  console.error('usage: npx tsx src/server/cli/with-emulator.ts npx tsx bench/compare.ts DIR [DIR…]');
  process.exit(2);
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(DATABASE!);
  url.pathname = `/${name}`;
  return url.toString();
}

const work = await mkdtemp(path.join(tmpdir(), 'pharmacy-compare-'));
const stamp = Date.now();
/** Code i's seeded copy: a data folder (the emulator's files too), and a database on PostgreSQL. */
const seeded = codes.map((_, i) => ({ dir: path.join(work, `seeded-${i}`), database: `compare_${stamp}_${i}` }));

/** One round of code `i`: its server on a fresh copy, the mix, its req/s. */
async function round(i: number): Promise<number> {
  const dataDir = path.join(work, `run-${i}`);
  await rm(dataDir, { recursive: true, force: true });
  await cp(seeded[i]!.dir, dataDir, { recursive: true });
  const env: Record<string, string> = { ...SERVER_ENV, LOG_LEVEL: 'warn' };
  if (DATABASE) {
    const copy = `${seeded[i]!.database}_run`;
    await onServer(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    await onServer(`CREATE DATABASE ${copy} TEMPLATE ${seeded[i]!.database}`);
    env.DATABASE_URL = databaseUrl(copy);
  }
  const server = await startServer({ root: codes[i], dataDir, env });
  try {
    const url = server.baseUrl;
    const loads = await mixes(url);
    await autocannon({ url, connections: CONNECTIONS, duration: 3, headers: loads.headers, requests: loads.mix });
    const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: loads.headers, requests: loads.mix });
    if (result.errors || result.non2xx) console.log(`  ${codes[i]}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return result.requests.average;
  } finally {
    await server.stop();
  }
}

try {
  for (const [i, code] of codes.entries()) {
    console.log(`seeding for ${code}…`);
    if (DATABASE) await onServer(`CREATE DATABASE ${seeded[i]!.database}`);
    seed({ DATA_DIR: seeded[i]!.dir, ...(DATABASE ? { DATABASE_URL: databaseUrl(seeded[i]!.database) } : {}) }, code);
  }
  const load = partLoad();
  const figures: number[][] = codes.map(() => []);
  for (let r = 1; r <= ROUNDS; r += 1) {
    for (const [i, code] of codes.entries()) {
      figures[i]!.push(await round(i));
      console.log(`round ${r}  ${code}: ${figures[i]!.at(-1)!.toFixed(0)} req/s`);
    }
  }
  const first = median(figures[0]!);
  console.log(`\nThe API mix on ${DATABASE ? 'PostgreSQL' : 'the embedded database'}, ${CONNECTIONS} connections, ${SECONDS} s rounds, ${load.end().words()}:`);
  for (const [i, code] of codes.entries()) {
    const m = median(figures[i]!);
    console.log(`  ${code}: median ${m.toFixed(0)} req/s (${(m / first).toFixed(2)} of the first) [${figures[i]!.map((f) => f.toFixed(0)).join(', ')}]`);
  }
} finally {
  if (DATABASE) {
    for (const { database } of seeded) {
      await onServer(`DROP DATABASE IF EXISTS ${database}_run WITH (FORCE)`);
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  }
  await rm(work, { recursive: true, force: true });
}
