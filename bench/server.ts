// `npm run bench -- server` (or `-- --server`): the API under load. 32 connections send a mix
// of what the app sends (delta syncs of the cached lists, a first-sync page, one record, status
// changes with their Idempotency-Key) against the real server, on the embedded database and on
// the PostgreSQL server at BENCH_DATABASE_URL (default the machine's).
// Prints requests per second, latency percentiles, errors and non-2xx answers, per database;
// several rounds, and the median round. Beside it, in the same run (issue 17 item 9): the mix's
// reads alone against the app, and the same reads against a bare Fastify route running the same
// SQL on the same database (bench/bare-api.ts, in a process of its own), with the same connections
// and duration; on PostgreSQL the three run in turn each round; the embedded database is one
// process's, so there the app's reads run, then the bare route's, then the app's mix.
//   BENCH_EMBEDDED=off leaves the embedded database out (BENCH_DATABASE_URL=off, PostgreSQL).
//   BENCH_SERVER_TRANSFERS (default 20000)  BENCH_SERVER_SECONDS (default 10)  BENCH_SERVER_ROUNDS (default 5)
//   BENCH_DATABASE_URL (default the machine's PostgreSQL; `off` leaves PostgreSQL out, else a
//   server that does not answer fails the part)
import { randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_BASE } from '../src/shared/constants';
import { ADMIN } from '../tests/e2e/support/accounts';
import { startServer } from '../tests/e2e/support/server';
import { signIn } from '../tests/api/support/tokens';
import { median, partLoad, printTable, type PartLoad } from './report';

export const TRANSFERS = Number(process.env.BENCH_SERVER_TRANSFERS ?? 20_000);
export const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 5);
export const CONNECTIONS = 32;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Round {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}


/**
 * A process's bare route (bench/bare-api.ts) on a database. Detached, as the app's server is
 * (tests/e2e/support/server.ts): in a session of its own, so the kernel's autogroup scheduling
 * shares the cores between it and other sessions as it does for the app, not between it and
 * this process's autocannon (in this process's session, the bare route served about two thirds
 * of what the app did on a busy machine). It stops when its stdin closes, with this process too.
 */
async function startBare(env: { BARE_DATABASE_URL: string } | { BARE_DATA_DIR: string }): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-api.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then((code) => reject(new Error(`bench/bare-api.ts exited with ${code} before it listened`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  return {
    url,
    stop: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

/** `TRANSFERS` seeded by the code in `cwd` (this one by default) into its DATA_DIR or DATABASE_URL. */
export function seed(env: NodeJS.ProcessEnv, cwd?: string): void {
  const seeded = spawnSync('npx', ['tsx', 'src/server/cli/seed.ts', '--scale', String(TRANSFERS)], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
}

async function cursorOf(baseUrl: string, list: string, headers: Record<string, string>): Promise<number> {
  // The newest cursor: page through from 0 with the largest pages (what a first sync does).
  let cursor = '0';
  for (;;) {
    const response = await fetch(`${baseUrl}${API_BASE}/admin/${list}?since=${cursor}`, { headers });
    const page = (await response.json()) as { cursor: string; more: boolean };
    cursor = page.cursor;
    if (!page.more) return Number(cursor);
  }
}

/** The mixed load against the app at `baseUrl`, and its reads alone (to point at a bare route too). */
export interface Mixes {
  headers: Record<string, string>;
  mix: autocannon.Request[];
  reads: autocannon.Request[];
}

export async function mixes(baseUrl: string): Promise<Mixes> {
  const token = await signIn(ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const transfers = (await (await fetch(`${baseUrl}${API_BASE}/admin/transfers`, { headers })).json()) as {
    transfer_id: number;
    status: string;
  }[];
  const active = transfers.filter((t) => t.status === 'active').map((t) => t.transfer_id);
  const users = (await (await fetch(`${baseUrl}${API_BASE}/admin/users`, { headers })).json()) as { user_id: number }[];
  // Each list's newest cursor (change numbers are shared by all tables).
  const lists = ['transfers', 'inquiries', 'refills-and-renewals', 'appointments-bookings', 'users'];
  const newest = Object.fromEntries(
    await Promise.all(lists.map(async (list) => [list, await cursorOf(baseUrl, list, headers)] as const)),
  );
  const base = `${API_BASE}/admin`;
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  // Status changes alternate per transfer (complete, then incomplete, then complete…, as
  // live.ts does), so each one is a real change, not a no-op repeat of a completed transfer,
  // and the mix stays the same over the rounds.
  const completed = new Set<number>();
  const statusChange = () => {
    const id = pick(active);
    const action = completed.has(id) ? 'incomplete' : 'complete';
    if (action === 'complete') completed.add(id);
    else completed.delete(id);
    return `${base}/transfers/${action}/${id}`;
  };
  // Per ten requests: six delta syncs near the newest cursor, one first-sync page of 500, one
  // record, two status changes (each with a new key).
  const requests: autocannon.Request[] = [
    // Like a device that keeps up: its cursor follows the newest change (the status changes below
    // move it), so a delta carries the last few dozen changes, not everything since the start.
    {
      method: 'GET',
      setupRequest: (r) => ({ ...r, path: `${base}/transfers?since=${newest.transfers! - 50}` }),
      onResponse: (_status, body) => {
        const cursor = Number((JSON.parse(body) as { cursor?: string }).cursor);
        if (cursor > newest.transfers!) newest.transfers = cursor;
      },
    },
    { method: 'GET', path: `${base}/inquiries?since=${newest.inquiries}` },
    { method: 'GET', path: `${base}/refills-and-renewals?since=${newest['refills-and-renewals']}` },
    { method: 'GET', path: `${base}/appointments-bookings?since=${newest['appointments-bookings']}` },
    { method: 'GET', path: `${base}/users?since=${newest.users}` },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `${base}/transfers?since=${newest.transfers! - 200}` }) },
    { method: 'GET', path: `${base}/transfers?since=0&limit=500` },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `${base}/users/${pick(users).user_id}` }) },
    {
      method: 'PUT',
      setupRequest: (r) => ({
        ...r,
        path: statusChange(),
        headers: { ...r.headers, 'idempotency-key': randomUUID() },
      }),
    },
    {
      method: 'PUT',
      setupRequest: (r) => ({
        ...r,
        path: statusChange(),
        headers: { ...r.headers, 'idempotency-key': randomUUID() },
      }),
    },
  ];
  if (process.env.BENCH_SERVER_EACH) {
    // Diagnosis: each kind of request alone.
    for (const request of requests) {
      const result = await autocannon({ url: baseUrl, connections: CONNECTIONS, duration: 3, headers, requests: [request] });
      const what = request.path ?? String(request.setupRequest).slice(0, 80);
      console.log(`  alone: ${result.requests.average.toFixed(0).padStart(6)} req/s p99 ${result.latency.p99} ms non-2xx ${result.non2xx}  ${request.method} ${what}`);
    }
  }
  return { headers, mix: requests, reads: requests.filter((request) => request.method === 'GET') };
}

/** One load: requests of `mix` sent to `url`. */
interface Target {
  url: string;
  mix: autocannon.Request[];
}

/**
 * A warm-up of each target (compiled queries, JIT, connection pools; a process just started,
 * as the bare route on PGlite is, needs a whole round's worth on a busy machine: its first
 * seconds served a tenth of what it serves once warm), then ROUNDS rounds, each running every
 * target in turn for SECONDS: loads measured side by side share the machine's moods. Answers
 * each target's rounds.
 */
async function rounds(headers: Record<string, string>, targets: Target[]): Promise<Round[][]> {
  const run = (target: Target, duration: number) =>
    autocannon({ url: target.url, connections: CONNECTIONS, duration, headers, requests: target.mix });
  for (const target of targets) await run(target, Math.max(3, SECONDS));
  const results: Round[][] = targets.map(() => []);
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [t, target] of targets.entries()) {
      const result = await run(target, SECONDS);
      results[t]!.push({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
      });
    }
  }
  return results;
}

function report(label: string, rounds: Round[]): void {
  const line = (r: Round) =>
    `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors}  non-2xx ${r.non2xx}`;
  console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s rounds, ${TRANSFERS.toLocaleString('en-CA')} transfers seeded`);
  rounds.forEach((r, i) => console.log(`  round ${i + 1}: ${line(r)}`));
  console.log(
    `  median:  ${median(rounds.map((r) => r.rps)).toFixed(0)} req/s, p99 ${median(rounds.map((r) => r.p99))} ms, ` +
      `errors ${rounds.reduce((s, r) => s + r.errors, 0)}, non-2xx ${rounds.reduce((s, r) => s + r.non2xx, 0)} ` +
      `of ${rounds.reduce((s, r) => s + r.requests, 0).toLocaleString('en-CA')} requests`,
  );
}

/** The mix and its reads on the app beside the same reads on the bare route: req/s and p99, and their ratios. */
function reportBaseline(how: string, load: PartLoad, mix: Round[], reads: Round[], bare: Round[], readKinds: number): void {
  // Errors or refusals would make a fast round meaningless.
  const failed = [...reads, ...bare].reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  if (failed > 0) throw new Error(`API baseline: ${failed} errors or non-2xx answers in the reads' rounds`);
  printTable(`the same database through a bare Fastify route running the same SQL (bench/bare-api.ts; ${how})`, load, [
    // The mix writes too, which the bare route does not: its baseline is the reads' line below.
    { key: 'mix', label: 'the app, the mixed load above (no like baseline): req/s', values: mix.map((r) => r.rps), unit: 'req/s' },
    { key: 'reads', label: `the app, the mix's ${readKinds} kinds of read alone: req/s`, values: reads.map((r) => r.rps), unit: 'req/s', vs: ['bare'] },
    { key: 'bare', label: 'bare Fastify + the same SQL, the same reads: req/s', values: bare.map((r) => r.rps), unit: 'req/s' },
    { key: 'mix99', label: 'the app, the mixed load above (no like baseline): p99', values: mix.map((r) => r.p99), unit: 'ms' },
    { key: 'read99', label: 'the app, the reads alone: p99', values: reads.map((r) => r.p99), unit: 'ms', vs: ['bare99'] },
    { key: 'bare99', label: 'bare Fastify + the same SQL, the same reads: p99', values: bare.map((r) => r.p99), unit: 'ms' },
  ]);
}

/** Settings of the measured server: its production defaults, but one client may send this much. */
export const SERVER_ENV = { RATE_LIMIT_PER_MINUTE: '1000000' };

async function onEmbedded(): Promise<void> {
  const load = partLoad();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharmacy-bench-api-'));
  try {
    seed({ DATA_DIR: dataDir });
    // The embedded database is one process's, so the app and the bare route take turns on it; and
    // it has no autovacuum, so the mix's status changes leave dead rows behind for later reads
    // (in one run here the mix's rounds fell from 203 to 120 req/s, the bare route's reads after
    // them were slower than the app's). Hence the reads on both first, on the data as seeded, and
    // the mix last, on the app started again.
    const server = await startServer({ dataDir, env: SERVER_ENV });
    let loads: Mixes;
    let appReads: Round[][];
    try {
      loads = await mixes(server.baseUrl);
      appReads = await rounds(loads.headers, [{ url: server.baseUrl, mix: loads.reads }]);
    } finally {
      // Halted, not stopped: the data folder stays for the bare route.
      await server.halt();
    }
    const bare = await startBare({ BARE_DATA_DIR: dataDir });
    let bareReads: Round[][];
    try {
      bareReads = await rounds(loads.headers, [{ url: bare.url, mix: loads.reads }]);
    } finally {
      await bare.stop();
    }
    const again = await startServer({ dataDir, env: SERVER_ENV });
    let appMix: Round[][];
    try {
      appMix = await rounds(loads.headers, [{ url: again.baseUrl, mix: loads.mix }]);
    } finally {
      await again.halt();
    }
    report('API on the embedded database (PGlite)', appMix[0]!);
    reportBaseline(
      'PGlite being one process\'s: the app\'s reads, then the bare route\'s, then the app\'s mix',
      load.end(),
      appMix[0]!,
      appReads[0]!,
      bareReads[0]!,
      loads.reads.length,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The access log's entries and size on disk (issue 18 asks what a day of this load leaves). */
async function accessLogSize(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number; bytes: string }>(
      "SELECT count(*)::int AS n, pg_total_relation_size('access_log')::text AS bytes FROM access_log",
    );
    const { n, bytes } = rows[0]!;
    return `${n.toLocaleString('en-CA')} entries, ${(Number(bytes) / 1048576).toFixed(1)} MB with its indexes (${n ? Math.round(Number(bytes) / n) : 0} bytes an entry)`;
  } finally {
    await client.end();
  }
}

async function onPostgres(): Promise<void> {
  if (PG_SERVER === 'off') {
    console.log(`\nAPI on PostgreSQL: left out (BENCH_DATABASE_URL=off)`);
    return;
  }
  const load = partLoad();
  const admin = new pg.Client({ connectionString: PG_SERVER });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`API on PostgreSQL: no server answers at ${PG_SERVER} (BENCH_DATABASE_URL; \`off\` leaves it out)`, { cause: error });
  }
  const name = `bench_api_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  try {
    seed({ DATABASE_URL: url.toString() });
    const server = await startServer({ env: { ...SERVER_ENV, DATABASE_URL: url.toString() } });
    try {
      const bare = await startBare({ BARE_DATABASE_URL: url.toString() });
      try {
        const loads = await mixes(server.baseUrl);
        const [mix, reads, bareReads] = await rounds(loads.headers, [
          { url: server.baseUrl, mix: loads.mix },
          { url: server.baseUrl, mix: loads.reads },
          { url: bare.url, mix: loads.reads },
        ]);
        report('API on PostgreSQL', mix!);
        reportBaseline('each round runs the three in turn', load.end(), mix!, reads!, bareReads!, loads.reads.length);
        console.log(`  access log after the rounds: ${await accessLogSize(url.toString())}`);
      } finally {
        await bare.stop();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function benchServer(): Promise<void> {
  if (process.env.BENCH_EMBEDDED === 'off') console.log('\nAPI on the embedded database: left out (BENCH_EMBEDDED=off)');
  else await onEmbedded();
  await onPostgres();
}
