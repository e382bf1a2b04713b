// `npm run bench -- server` (or `-- --server`): the API under load. 32 connections send a mix
// of what the app sends (delta syncs of the cached lists, a first-sync page, one record, status
// changes with their Idempotency-Key) against the real server, on the embedded database and, when
// a PostgreSQL server answers at BENCH_DATABASE_URL (default the machine's), on PostgreSQL.
// Prints requests per second, latency percentiles, errors and non-2xx answers, per database;
// several rounds, and the median round.
//   BENCH_SERVER_TRANSFERS (default 20000)  BENCH_SERVER_SECONDS (default 10)  BENCH_SERVER_ROUNDS (default 5)
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_BASE } from '../src/shared/constants';
import { ADMIN } from '../tests/e2e/support/accounts';
import { startServer } from '../tests/e2e/support/server';
import { signIn } from '../tests/api/support/tokens';

const TRANSFERS = Number(process.env.BENCH_SERVER_TRANSFERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 5);
const CONNECTIONS = 32;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Round {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function seed(env: NodeJS.ProcessEnv): void {
  const seeded = spawnSync('npx', ['tsx', 'src/server/cli/seed.ts', '--scale', String(TRANSFERS)], {
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

async function load(baseUrl: string): Promise<Round[]> {
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
  const run = (duration: number, mix = requests) =>
    autocannon({ url: baseUrl, connections: CONNECTIONS, duration, headers, requests: mix });
  if (process.env.BENCH_SERVER_EACH) {
    // Diagnosis: each kind of request alone.
    for (const request of requests) {
      const result = await run(3, [request]);
      const what = request.path ?? String(request.setupRequest).slice(0, 80);
      console.log(`  alone: ${result.requests.average.toFixed(0).padStart(6)} req/s p99 ${result.latency.p99} ms non-2xx ${result.non2xx}  ${request.method} ${what}`);
    }
  }
  await run(3); // warm-up: compiled queries, JIT, connection pools
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const result = await run(SECONDS);
    rounds.push({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      requests: result.requests.total,
    });
  }
  return rounds;
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

/** Settings of the measured server: its production defaults, but one client may send this much. */
const SERVER_ENV = { RATE_LIMIT_PER_MINUTE: '1000000' };

async function onEmbedded(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharmacy-bench-api-'));
  seed({ DATA_DIR: dataDir });
  const server = await startServer({ dataDir, env: SERVER_ENV });
  try {
    report('API on the embedded database (PGlite)', await load(server.baseUrl));
  } finally {
    await server.stop();
  }
}

async function onPostgres(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_SERVER });
  try {
    await admin.connect();
  } catch {
    console.log(`\nAPI on PostgreSQL: skipped, no server answers at ${PG_SERVER} (BENCH_DATABASE_URL)`);
    return;
  }
  const name = `bench_api_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  try {
    seed({ DATABASE_URL: url.toString() });
    const server = await startServer({ env: { ...SERVER_ENV, DATABASE_URL: url.toString() } });
    try {
      report('API on PostgreSQL', await load(server.baseUrl));
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function benchServer(): Promise<void> {
  await onEmbedded();
  await onPostgres();
}
