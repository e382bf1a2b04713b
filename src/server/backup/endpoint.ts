// The running server's side of `npm run backup`: the embedded database is this process's alone
// (another process cannot open its folder), so the copy is made here and handed to the command.
// A listener of its own on 127.0.0.1 and a port the system picks, never the app's HOST/PORT: it
// cannot be reached from another machine whatever HOST is, and no proxy forwards to it. Each
// request must come from a loopback address and carry the secret of DATA_DIR/running-server.json.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { isLoopback } from '../config';
import type { Db } from '../db/client';
import { newSecret, removeRunningServerFile, writeRunningServerFile } from './running-server';

export interface BackupEndpoint {
  /** Takes no more requests; a backup being made is finished first. Before the database closes. */
  close(): Promise<void>;
  /**
   * Removes DATA_DIR/running-server.json: from then on commands take the folder for free. After
   * the database has closed, so that a restore never swaps the folder under an open database.
   */
  release(): Promise<void>;
}

function sameSecret(given: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`Bearer ${secret}`);
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function startBackupEndpoint(
  backup: NonNullable<Db['backup']>,
  dataDir: string,
  log: Logger,
): Promise<BackupEndpoint> {
  const secret = newSecret();
  const answer = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const from = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    if (!isLoopback(from)) return answer(response, 403, { error: 'loopback only' });
    if (!sameSecret(request.headers.authorization, secret)) return answer(response, 401, { error: 'bad secret' });
    if (request.method === 'GET' && request.url === '/status') return answer(response, 200, { pid: process.pid });
    if (request.method !== 'POST' || request.url !== '/backup') return answer(response, 404, { error: 'not found' });
    const started = Date.now();
    const tarball = await backup();
    log.info({ bytes: tarball.length, ms: Date.now() - started }, 'backup of the embedded database taken (npm run backup)');
    response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': tarball.length }).end(tarball);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'backup failed');
      if (!response.headersSent) answer(response, 500, { error: 'backup failed: see the server log' });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  try {
    await writeRunningServerFile(dataDir, { pid: process.pid, port, secret });
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    release: () => removeRunningServerFile(dataDir, secret).catch(() => undefined),
  };
}
