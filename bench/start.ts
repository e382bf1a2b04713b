// `npm run bench -- start`: how long `npm start` takes to answer /healthz 200 (issue 21 item 1).
//   first start: as after `npm install` on a new machine: no data folder, no built app (it builds
//     into a folder of its own here, so the working tree's dist/ is left alone), no emulator state;
//   warm start: the same folders again (built app, existing data, the emulator's saved accounts).
// Each run is `npm start` itself with its own Auth emulator (the emulator the bench runs under is
// not lent to it), stopped with SIGTERM as a service manager would, which lets the emulator save
// its accounts. Beside them, in the same run, the baseline: a bare Node process answering HTTP.
// The start-up trace is the server's own log: when each step ended, from the process's start.
//   BENCH_START_RUNS (default 3): warm starts measured.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/e2e/support/server';
import { median, partLoad, printTable } from './report';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const TIMEOUT_MS = 180_000;

async function healthy(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1000) }).catch(() => null);
  return response?.ok === true;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * npm leaves at the signal while the server under it is still stopping (draining, waiting for the
 * emulator to save its accounts): the whole group must have gone before its folders are reused.
 */
async function groupGone(child: ChildProcess): Promise<void> {
  while (child.pid !== undefined && groupAlive(child.pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

interface Start {
  ms: number;
  /** The server's log lines that mark a step, with when they were written after the spawn. */
  trace: string[];
}

/** Spawns `command` in a process group of its own, times it to a 200 at `url`, then stops the group. */
async function timeStart(command: string[], env: NodeJS.ProcessEnv, url: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const trace: string[] = [];
  let output = '';
  let answered = false;
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1];
      if (msg && !answered && msg !== 'request' && !msg.startsWith('Sign in as')) {
        trace.push(`${((performance.now() - started) / 1000).toFixed(2).padStart(6)} s  ${msg}`);
      }
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  try {
    while (!(await healthy(url))) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}:\n${output.slice(-3000)}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`no 200 from ${url} after ${TIMEOUT_MS} ms:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    answered = true;
    return { ms: performance.now() - started, trace };
  } finally {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
    }
    await groupGone(child);
  }
}

/** `npm start` on `dataDir` and `distDir`, with its own emulator on free ports. */
async function npmStart(dataDir: string, distDir: string): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    PORT: String(port),
    AUTH_EMULATOR_PORT: String(await freePort()),
  };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  delete env.DATABASE_URL;
  return timeStart(['npm', 'start'], env, `http://127.0.0.1:${port}/healthz`);
}

/** The floor: a Node process that answers HTTP, started and stopped the same way. */
async function bareNode(): Promise<Start> {
  const port = await freePort();
  const program = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  return timeStart([process.execPath, '-e', program], process.env, `http://127.0.0.1:${port}/`);
}

export async function benchStart(): Promise<void> {
  const load = partLoad();
  const root = await mkdtemp(path.join(tmpdir(), 'pharmacy-bench-start-'));
  const dataDir = path.join(root, 'data');
  const distDir = path.join(root, 'dist');
  try {
    console.log('\nnpm start to /healthz 200 (issue 21: warm within 10 s, first within 60 s)');
    const bare: number[] = [];
    const first = await npmStart(dataDir, distDir);
    const warm: Start[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      bare.push((await bareNode()).ms);
      warm.push(await npmStart(dataDir, distDir));
    }
    printTable('each start, from the spawn to the first 200 (a warm start and a bare one side by side each run)', load.end(), [
      { key: 'first', label: 'first start: no data, no built app (builds, seeds, creates accounts)', values: [first.ms], unit: 's', vs: ['bare'] },
      { key: 'warm', label: 'warm start: built app, existing data', values: warm.map((w) => w.ms), unit: 's', vs: ['bare'] },
      { key: 'bare', label: 'bare Node process answering HTTP (the floor)', values: bare, unit: 's' },
    ]);
    const warmMs = median(warm.map((w) => w.ms));
    console.log(`  targets: warm ${warmMs <= 10_000 ? 'met' : 'NOT met'} (≤ 10 s), first ${first.ms <= 60_000 ? 'met' : 'NOT met'} (≤ 60 s)`);
    console.log('  start-up trace, first start (seconds after `npm start` was spawned):');
    for (const line of first.trace) console.log(`    ${line}`);
    console.log('  start-up trace, last warm start:');
    for (const line of warm.at(-1)!.trace) console.log(`    ${line}`);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
