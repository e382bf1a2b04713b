// `npm run backup -- FILE`: a copy of the embedded database (DATA_DIR) as it was at one moment,
// taken while the server runs, without stopping it. The server owns the folder, so it makes the
// copy (backup/endpoint.ts), asked through DATA_DIR/running-server.json; with no server running,
// this command opens the database and makes it itself. FILE is written whole or not at all.
import { existsSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkBackup } from '../backup/backup-file';
import { readCommandLine } from '../backup/command-line';
import { askServer, serverState } from '../backup/running-server';
import { openDb } from '../db/client';
import { runCommand } from './run-command';

const USAGE = 'usage: npm run backup -- FILE';
/** A large database takes a while to copy and compress; the server answers when it is done. */
const BACKUP_TIMEOUT_MS = 10 * 60_000;

async function fromServer(server: Parameters<typeof askServer>[0]): Promise<Buffer> {
  const response = await askServer(server, 'POST', 'backup', BACKUP_TIMEOUT_MS);
  if (!response.ok) throw new Error(`The server refused the backup (${response.status}): ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

async function fromFolder(dataDir: string): Promise<Buffer> {
  // Opening an empty folder would make a new database: there is nothing to back up.
  if (!existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new Error(`There is no database in ${dataDir} (no pgdata folder): nothing to back up.`);
  }
  const db = await openDb({ dataDir });
  try {
    return Buffer.from(await db.backup!());
  } finally {
    await db.close();
  }
}

/** A temporary file beside `file`, flushed, then renamed over it: never a partial backup. */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  // Patient data: readable by its owner only.
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

async function main(): Promise<number> {
  const read = readCommandLine('backup', USAGE);
  if (typeof read === 'number') return read;
  const { config, file } = read;
  if ((await stat(file).catch(() => null))?.isDirectory()) {
    console.error(`${file} is a folder: name the backup file to write.\n${USAGE}`);
    return 2;
  }
  const started = Date.now();
  const running = await serverState(config.dataDir);
  if (running.state === 'silent') {
    console.error(
      `A server (pid ${running.server.pid}) seems to own ${config.dataDir} but does not answer: try again once it has ` +
        `started, or, if no server runs there, remove ${running.file}.`,
    );
    return 1;
  }
  const bytes = running.state === 'answering' ? await fromServer(running.server) : await fromFolder(config.dataDir);
  // Never a file that restore would refuse.
  checkBackup(bytes);
  await writeWhole(file, bytes);
  const by = running.state === 'answering' ? `by the running server (pid ${running.server.pid})` : 'with no server running';
  console.log(
    `Backed up the embedded database in ${config.dataDir} ${by} to ${file}: ` +
      `${(bytes.length / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

runCommand(main);
