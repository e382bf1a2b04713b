// Starts the Firebase Auth emulator (firebase-tools from node_modules, offline, no Java needed
// for auth) and stops it with the server. It takes ~13 s to open its port on this machine,
// nearly all of it firebase-tools compiling the Identity Toolkit API spec.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMULATOR_PROJECT_ID } from '../config';

export interface RunningEmulator {
  /** host:port, the form of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  port: number;
  /** How long it took to answer on its port. */
  startupMs: number;
  /** Clean stop (state exported when persisted); resolves once the process has exited. */
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  /** 0: any free port. */
  port: number;
  /** firebase.json and the emulator's logs go here. */
  workDir: string;
  /** Accounts are imported from and exported to this folder (on a clean stop). */
  persistDir?: string;
  timeoutMs?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const PARENT_WATCH = path.join(here, 'emulator-parent-watch.cjs');
const LAZY_VALIDATORS = path.join(here, 'emulator-lazy-validators.cjs');

function firebaseBin(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('firebase-tools/package.json')),
    'lib/bin/firebase.js',
  );
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * firebase-tools honours these: no update check or MOTD fetch (CI). Its own TMPDIR matters:
 * firebase-tools finds "its" hub through a locator file named after the project in the temp
 * folder, so instances sharing `demo-pharmacy` would otherwise export each other's accounts.
 */
function emulatorEnv(tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_EMULATOR_HUB', 'NODE_OPTIONS']) {
    delete env[name];
  }
  return {
    ...env,
    CI: 'true',
    NO_UPDATE_NOTIFIER: '1',
    TMPDIR: tmpDir,
    NODE_OPTIONS: [PARENT_WATCH, LAZY_VALIDATORS].map((file) => `--require ${JSON.stringify(file)}`).join(' '),
  };
}

export async function startAuthEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const started = Date.now();
  const host = '127.0.0.1';
  const port = options.port || (await freePort());
  if (await portInUse(port)) {
    throw new Error(
      `Port ${port} is in use, so the Firebase Auth emulator cannot start there ` +
        '(another instance? set AUTH_EMULATOR_PORT, or FIREBASE_AUTH_EMULATOR_HOST to use it)',
    );
  }
  mkdirSync(options.workDir, { recursive: true });
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const configPath = path.join(options.workDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify(
      {
        emulators: {
          auth: { host, port },
          hub: { host, port: hubPort },
          logging: { host, port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const args = [
    firebaseBin(),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    EMULATOR_PROJECT_ID,
    '--config',
    configPath,
  ];
  if (options.persistDir) {
    if (existsSync(path.join(options.persistDir, 'firebase-export-metadata.json'))) {
      args.push('--import', options.persistDir);
    }
    args.push('--export-on-exit', options.persistDir);
  }
  // Output goes to a file, not a pipe: an emulator outliving a crashed server must not die of
  // EPIPE before it has exported its accounts.
  const tmpDir = path.join(options.workDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const logPath = path.join(options.workDir, 'emulator.log');
  const logFd = openSync(logPath, 'w');
  // In a process group of its own: Ctrl-C in a terminal (or a service manager's SIGTERM to the
  // group) reaches the server alone, which stops the emulator with one SIGINT and waits for its
  // export. Signalled twice (by the group and by the server), it gave up its export half-way and
  // every start created the demo accounts again.
  const child = spawn(process.execPath, args, {
    cwd: options.workDir,
    env: emulatorEnv(tmpDir),
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  const lastLines = () => readFileSync(logPath, 'utf8').trim().split('\n').slice(-30).join('\n');
  // Last resort: never outlive the server, even on process.exit() without a stop.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
    process.removeListener('exit', killOnExit);
  };

  const deadline = started + (options.timeoutMs ?? 90_000);
  const url = `http://${host}:${port}/`;
  while (!(await answers(url))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        `The Firebase Auth emulator did not start on port ${port} (log: ${logPath}):\n${lastLines()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { host: `${host}:${port}`, port, startupMs: Date.now() - started, stop };
}
