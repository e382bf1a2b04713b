// `tsx src/server/cli/with-emulator.ts <command…>`: runs the command with a Firebase Auth
// emulator (a fresh one on a free port, unless FIREBASE_AUTH_EMULATOR_HOST names a running one),
// FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT exported, and exits with the command's code.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMULATOR_PROJECT_ID } from '../config';
import { startAuthEmulator, type RunningEmulator } from '../identity/emulator';
import { runCommand } from './run-command';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: tsx src/server/cli/with-emulator.ts <command> [args…]');
    return 2;
  }
  let emulator: RunningEmulator | null = null;
  let workDir: string | null = null;
  let host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-emulator-'));
    emulator = await startAuthEmulator({ port: 0, workDir });
    host = emulator.host;
    console.error(
      `Firebase Auth emulator at ${host} (ready in ${(emulator.startupMs / 1000).toFixed(1)} s)`,
    );
  }
  const binDir = path.join(process.cwd(), 'node_modules', '.bin');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: {
        ...process.env,
        FIREBASE_AUTH_EMULATOR_HOST: host,
        GCLOUD_PROJECT: EMULATOR_PROJECT_ID,
        PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
      },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (exitCode, signal) => {
      process.removeListener('SIGINT', forward);
      process.removeListener('SIGTERM', forward);
      resolve(exitCode ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
  await emulator?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  return code;
}

runCommand(main);
