// Runs the real product for a test file, the way `npm start` does, on its own port and data
// folder. The suite built dist already (npm run test:e2e), hence SKIP_BUILD.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../../support/wait-for';
import { pgliteTemplate } from '../../api/support/fresh-database';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  baseUrl: string;
  /** The process group of the server (node and whatever it starts): the benchmark reads its memory. */
  groupId: number | undefined;
  dataDir: string;
  /** What the server printed so far (for failure messages). */
  output(): string;
  /** The exit code once it has exited (null while running, or ended by a signal). */
  exitCode(): number | null;
  /** Ends the process group (SIGTERM: a clean stop; SIGKILL: a crash) and keeps the data folder. */
  halt(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Stops it and removes the data folder. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment (PHARMACY_NAME, DATABASE_URL …). */
  env?: Record<string, string>;
  /** A data folder prepared beforehand (the benchmark seeds one); removed on stop like a fresh one. */
  dataDir?: string;
  /** The port (a restart keeps its predecessor's); a free one otherwise. */
  port?: number;
  /** The checkout to run (another version of the code: bench/compare.ts); this one otherwise. */
  root?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The database is closed once the whole group has gone: wait for it. */
function groupGone(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  return waitFor('the server process group to end', () => !groupAlive(child), { timeout: timeoutMs }).then(
    () => true,
    () => false,
  );
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // The whole group this test started.
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const answered = async () => {
    if (child.exitCode !== null) return 'exited';
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    return response?.ok ? 'healthy' : false;
  };
  let state: 'exited' | 'healthy';
  try {
    state = await waitFor('/healthz to answer 200', answered, { timeout: START_TIMEOUT_MS, interval: 250 });
  } catch {
    throw new Error(`The server was not healthy after ${START_TIMEOUT_MS} ms:\n${output()}`);
  }
  if (state === 'exited') {
    throw new Error(`The server exited with code ${child.exitCode} before it was ready:\n${output()}`);
  }
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'pharmacy-e2e-')));
  // A new embedded database costs 10-20 s of initdb here: start from a copy of the migrated one
  // the API tests keep (the server migrates and seeds it as on any first start).
  if (!options.env?.DATABASE_URL && !existsSync(path.join(dataDir, 'pgdata'))) {
    await cp(path.join(await pgliteTemplate(), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  }
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // A PostgreSQL URL given to the test run names a server for tests to make databases on, never
  // the database of every server they start: each test passes its own.
  const { DATABASE_URL: _serverUrl, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SKIP_BUILD: '1',
    // Used only when no emulator runs already (FIREBASE_AUTH_EMULATOR_HOST comes from the wrapper).
    AUTH_EMULATOR_PORT: String(await freePort()),
    ...options.env,
  };
  // `npm start` is `tsx src/server/cli/start.ts`: the same program, loaded by node with tsx's hook
  // (npx and tsx's own process cost seconds a start on a loaded machine).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/start.ts'], {
    cwd: options.root ?? REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const output = () => log;

  const halt = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    killGroup(child, signal);
    if (!(await groupGone(child, STOP_TIMEOUT_MS))) {
      killGroup(child, 'SIGKILL');
      await groupGone(child, STOP_TIMEOUT_MS);
    }
  };
  const stop = async () => {
    await halt();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, groupId: child.pid, dataDir, output, exitCode: () => child.exitCode, halt, stop };
}
