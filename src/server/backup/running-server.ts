// How `npm run backup` and `npm run restore` find the server that owns an embedded database: the
// server writes DATA_DIR/running-server.json at start (its pid, the loopback port of its backup
// endpoint and a random secret; readable by its owner only) and removes it at stop. A file left by
// a server that died is told apart by asking: only the live server answers with its secret.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface RunningServerFile {
  pid: number;
  port: number;
  secret: string;
}

export type ServerState =
  | { state: 'none' }
  | { state: 'answering'; server: RunningServerFile }
  /** The file names a live process that does not answer: maybe a server starting or stuck. */
  | { state: 'silent'; server: RunningServerFile; file: string };

const FILE_NAME = 'running-server.json';
const ASK_TIMEOUT_MS = 3000;

export const runningServerFile = (dataDir: string) => path.join(dataDir, FILE_NAME);

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Written whole (temporary file, then rename) with mode 0600: the secret lets its reader take a backup. */
export async function writeRunningServerFile(dataDir: string, server: RunningServerFile): Promise<void> {
  const file = runningServerFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(server), { mode: 0o600 });
  await rename(temporary, file);
}

/** Removes the file if it is still this server's (a later server may have written its own). */
export async function removeRunningServerFile(dataDir: string, secret: string): Promise<void> {
  const found = await readRunningServerFile(dataDir);
  if (found?.secret === secret) await rm(runningServerFile(dataDir), { force: true });
}

async function readRunningServerFile(dataDir: string): Promise<RunningServerFile | null> {
  let text: string;
  try {
    text = await readFile(runningServerFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: Partial<RunningServerFile> | null = null;
  try {
    parsed = JSON.parse(text) as Partial<RunningServerFile>;
  } catch {
    // Said below.
  }
  if (typeof parsed?.pid !== 'number' || typeof parsed.port !== 'number' || typeof parsed.secret !== 'string') {
    throw new Error(`${runningServerFile(dataDir)} is not a file the server wrote: remove it if no server runs there`);
  }
  return parsed as RunningServerFile;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A request to the server's backup endpoint, authenticated by the file's secret. */
export function askServer(server: RunningServerFile, method: 'GET' | 'POST', what: string, timeoutMs = ASK_TIMEOUT_MS) {
  return fetch(`http://127.0.0.1:${server.port}/${what}`, {
    method,
    headers: { authorization: `Bearer ${server.secret}`, connection: 'close' },
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** Whether a server runs on `dataDir`'s embedded database: its file, and an answer to its secret. */
export async function serverState(dataDir: string): Promise<ServerState> {
  const server = await readRunningServerFile(dataDir);
  if (!server) return { state: 'none' };
  const answer = await askServer(server, 'GET', 'status').then(
    async (response) => (response.ok ? ((await response.json()) as { pid?: unknown }) : null),
    () => null,
  );
  if (answer?.pid === server.pid) return { state: 'answering', server };
  // No answer and no process: a server that died (kill -9) left its file behind.
  if (!processAlive(server.pid)) return { state: 'none' };
  return { state: 'silent', server, file: runningServerFile(dataDir) };
}
