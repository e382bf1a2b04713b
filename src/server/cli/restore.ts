// `npm run restore -- FILE [--force]`: puts a backup (`npm run backup`) back into DATA_DIR, with
// the server stopped. Nothing changes unless the whole restore succeeds: the backup is checked,
// unpacked into a new folder beside pgdata, opened, migrated and its access log verified there,
// and only then swapped in; the database it replaces is kept until the swap is done.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkBackup, NotABackup } from '../backup/backup-file';
import { readCommandLine } from '../backup/command-line';
import { serverState } from '../backup/running-server';
import { openPgliteBackup } from '../db/client';
import { migrate } from '../db/migrate';
import { verifyChain, type ChainReport } from '../repositories/access-log';
import { runCommand } from './run-command';

const USAGE = 'usage: npm run restore -- FILE [--force]   (--force: replace the database DATA_DIR holds)';

/** Why no restore may run now, or null. Asked before anything changes, and again before the swap. */
async function serverRunning(dataDir: string): Promise<string | null> {
  const running = await serverState(dataDir);
  if (running.state === 'answering') {
    return `A server (pid ${running.server.pid}) is running on ${dataDir}: stop it, then restore.`;
  }
  if (running.state === 'silent') {
    return (
      `A server (pid ${running.server.pid}) seems to own ${dataDir} but does not answer: stop it, or, if no server ` +
      `runs there, remove ${running.file}; then restore.`
    );
  }
  return null;
}

/** The backup unpacked into `dir` and opened as the server would open it; its access log's report. */
async function unpack(dir: string, backup: Buffer): Promise<ChainReport> {
  const db = await openPgliteBackup(dir, backup).catch((error: unknown) => {
    throw new NotABackup(`PGlite cannot open the database in it (${error instanceof Error ? error.message : error})`);
  });
  try {
    await migrate(db);
    return await verifyChain(db);
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const read = readCommandLine('restore', USAGE);
  if (typeof read === 'number') return read;
  const { file } = read;
  const { dataDir } = read.config;
  const refusal = await serverRunning(dataDir);
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const pgdata = path.join(dataDir, 'pgdata');
  const replacing = existsSync(pgdata);
  if (replacing && !read.force) {
    console.error(
      `${dataDir} already holds a database: restoring would replace it. Add --force to replace it ` +
        `(take a backup of it first if you may want it back).`,
    );
    return 1;
  }
  const backup = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });

  try {
    checkBackup(backup);
  } catch (error) {
    if (!(error instanceof NotABackup)) throw error;
    console.error(`${file} is not a backup this command can restore: ${error.message}. Nothing was changed.`);
    return 1;
  }

  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, 'pgdata.restoring-'));
  let report: ChainReport;
  try {
    report = await unpack(staging, backup);
    if (report.problem) {
      throw new NotABackup(
        `its access log does not verify (entry ${report.problem.entry_id}: ${report.problem.reason}): ` +
          'its data was altered outside the app',
      );
    }
    const late = await serverRunning(dataDir);
    if (late) throw new Error(late);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (!(error instanceof NotABackup)) throw error;
    console.error(`${file} is not a backup this command can restore: ${error.message}. Nothing was changed.`);
    return 1;
  }

  // Two renames in one folder; the old database stays whole until the new one is in place.
  const previous = `${pgdata}.replaced-${Date.now()}`;
  if (replacing) await rename(pgdata, previous);
  try {
    await rename(staging, pgdata);
  } catch (error) {
    if (replacing) await rename(previous, pgdata);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (replacing) await rm(previous, { recursive: true, force: true });
  console.log(
    `Restored ${file} into ${dataDir}${replacing ? ', replacing the database it held' : ''}. ` +
      `The access log verifies: ${report.entries} entries.`,
  );
  return 0;
}

runCommand(main);
