// Two instances started at the same moment on one empty PostgreSQL database both come up, and
// what runs once at start (migrations, the demo seed, its sign-in accounts) runs once (issue 21).
// Real processes, as `npm start` runs them, on the suite's Auth emulator; and the same start-up
// twice in one process, where the two reach the seed within milliseconds of each other (the
// processes' start-up times vary by seconds, which can hide the race). PostgreSQL only (the
// embedded database is for one process): CI's second API run sets DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, type RunningServer } from '../../../src/server/cli/run-server';
import { openDb } from '../../../src/server/db/client';
import { DEMO_PATIENT } from '../../../src/server/identity/demo-accounts';
import { freePort } from '../../../src/server/identity/emulator';
import { tableCounts } from '../../../src/server/seed/demo';
import { testConfig } from '../support/boot-test-app';
import { createServerDatabase } from '../support/fresh-database';
import { waitFor } from '../../support/wait-for';

const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Instance {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

function startInstance(name: string, env: NodeJS.ProcessEnv): Instance {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => `[${name}] ${output}`, exited };
}

/** /healthz until it answers 200; fails at once with the output if the instance dies first. */
async function healthy(instance: Instance, timeoutMs: number): Promise<number> {
  let exited: number | null | undefined;
  void instance.exited.then((code) => (exited = code));
  const answer = () =>
    exited !== undefined
      ? 'exited'
      : fetch(`${instance.url}/healthz`).then(
          (response) => response.status === 200 && 'healthy',
          () => false,
        );
  const state = await waitFor('/healthz to answer 200', answer, { timeout: timeoutMs, interval: 250 }).catch(() => {
    throw new Error(`no 200 from /healthz within ${timeoutMs} ms:\n${instance.output()}`);
  });
  if (state === 'exited') throw new Error(`exited with ${exited} before answering:\n${instance.output()}`);
  return 200;
}

/** One "Demo data seeded" among the logs, what it counted is all there is, each migration once. */
async function expectOnce(databaseUrl: string, outputs: string[]): Promise<void> {
  const seeded = outputs.flatMap((output) => [...output.matchAll(/Demo data seeded: ([^"\n]*)/g)].map((m) => m[1]!));
  expect(seeded, outputs.join('\n')).toHaveLength(1);
  for (const output of outputs) expect(output).not.toContain('Demo account not created');
  const db = await openDb({ databaseUrl, dataDir: os.tmpdir() });
  try {
    // What the seeding instance wrote is all there is: the other added nothing.
    const counts = Object.fromEntries(seeded[0]!.split(', ').map((entry) => [entry.split(' ')[0], Number(entry.split(' ')[1])]));
    expect(await tableCounts(db)).toEqual(counts);
    const [patients] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [DEMO_PATIENT.email]);
    expect(patients!.n).toBe(1);
    const migrations = await db.query<{ name: string; n: number }>(
      'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name',
    );
    const files = readdirSync(path.join(root, 'src/server/db/migrations')).filter((f) => f.endsWith('.sql')).sort();
    expect(migrations).toEqual(files.map((name) => ({ name, n: 1 })));
  } finally {
    await db.close();
  }
}

describe.skipIf(!serverUrl)('two instances started at once on an empty PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-start-together-'));
  });

  afterAll(async () => {
    for (const { child } of instances) child.kill('SIGTERM');
    await Promise.all(instances.map(({ exited }) => exited));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both answer /healthz, with one schema, one demo seed and one set of demo accounts', async () => {
    const ports = [await freePort(), await freePort()];
    for (const [i, name] of ['A', 'B'].entries()) {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: path.join(dataDir, name),
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        SKIP_BUILD: '1',
        LOG_LEVEL: 'info',
      };
      delete env.FIREBASE_PROJECT_ID;
      instances.push(startInstance(name, env));
    }
    expect(await Promise.all(instances.map((instance) => healthy(instance, 120_000)))).toEqual([200, 200]);

    await expectOnce(database.url, instances.map((instance) => instance.output()));
  }, 180_000);

  it('the same start-up run twice at once in one process: both come up, the seed runs once', async () => {
    const other = await createServerDatabase(serverUrl!);
    const servers: RunningServer[] = [];
    try {
      const logs = ['', ''];
      const started = await Promise.allSettled(
        ['C', 'D'].map((name, i) =>
          runServer(testConfig(path.join(dataDir, name), other.url, { port: 0, logLevel: 'info' }), {
            build: false,
            logStream: new Writable({
              write(chunk: Buffer, _encoding, done) {
                logs[i] += chunk.toString();
                done();
              },
            }),
          }),
        ),
      );
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual(['up', 'up']);
      for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await expectOnce(other.url, logs);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await other.drop();
    }
  }, 120_000);
});
