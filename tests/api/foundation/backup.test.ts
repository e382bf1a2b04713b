// `npm run backup` and `npm run restore` on the embedded database, against the real server the way
// `npm start` runs it: a backup taken while the server serves a stream of status changes is one
// moment of the database (the changes in it are exactly the first ones made, none half there);
// a restore is refused while the server runs, without --force, and for a file that is not a
// backup (the database then byte for byte as it was); a restore with --force brings back the data
// as at the backup, its access log chain verifying, and the server starts on it and goes on.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningServerFile } from '../../../src/server/backup/running-server';
import { openDb } from '../../../src/server/db/client';
import { DEMO_ADMIN } from '../../../src/server/identity/demo-accounts';
import { verifyChain } from '../../../src/server/repositories/access-log';
import { API_BASE } from '../../../src/shared/constants';
import type { RefillRequest, Transfer } from '../../../src/shared/entities';
import { freePort, startServer, type RunningServer } from '../../e2e/support/server';
import { waitFor } from '../../support/wait-for';
import { signIn } from '../support/tokens';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let server: RunningServer | undefined;
let dataDir: string;
let workDir: string;
let port: number;
let token: string;
let backupFile: string;

/** A status change sent to the server, and whether it answered 2xx. */
interface Change {
  key: string;
  status: 'completed' | 'active';
  acknowledged: boolean;
}

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A command-line program of src/server/cli, as `npm run` runs it, on this file's DATA_DIR. */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  // The test run's PostgreSQL URL (if any) is not this embedded database's.
  const { DATABASE_URL: _serverUrl, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${name}.ts`, ...args], {
    cwd: REPO_ROOT,
    env: { ...inherited, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function api(method: 'GET' | 'PUT', url: string, options: { body?: unknown; key?: string } = {}) {
  const response = await fetch(`${server!.baseUrl}${API_BASE}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** Every file of the database folder, by name, with a hash of its bytes. */
async function folderPrint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
  for (const file of files) hash.update(path.relative(dir, file)).update(await readFile(file));
  return hash.digest('hex');
}

/**
 * The status changes of `refillId` that reached the database, oldest first, by Idempotency-Key,
 * and the access log's chain, read with the server stopped (the database is one process's).
 */
async function inspect(refillId: number) {
  const db = await openDb({ dataDir });
  try {
    const rows = await db.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM request_status_events
        WHERE entity = 'refill_requests' AND record_id = $1 AND idempotency_key IS NOT NULL ORDER BY event_id`,
      [refillId],
    );
    return { changes: rows.map((row) => row.idempotency_key), chain: await verifyChain(db) };
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'pharmacy-backup-'));
  dataDir = path.join(workDir, 'data');
  backupFile = path.join(workDir, 'backups', 'pharmacy.tar.gz');
  await writeFile(path.join(workDir, 'not-a-backup.tar.gz'), 'these are not the bytes of a backup\n');
  port = await freePort();
  server = await startServer({ dataDir, port, env: { LOG_LEVEL: 'warn' } });
  token = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await server?.halt();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  let refill: RefillRequest;
  let transfer: Transfer;
  let transfersAtBackup: Transfer[];
  const changes: Change[] = [];
  /** Changes acknowledged before the backup was asked for: they must be in it. */
  let acknowledgedBefore: number;
  /** Changes sent before the backup's answer came: the most it can hold. */
  let sentBefore: number;

  it('backs up while the server serves a stream of changes, without stopping it', async () => {
    await mkdir(path.dirname(backupFile));
    refill = ((await api('GET', '/admin/refills-and-renewals')) as RefillRequest[]).find((r) => r.status === 'active')!;
    transfer = ((await api('GET', '/admin/transfers')) as Transfer[]).find((t) => t.status === 'active')!;
    expect(refill).toBeDefined();
    expect(transfer).toBeDefined();

    // One client changing one record over and over, each change after the last one's answer.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const change: Change = { key: randomUUID(), status: i % 2 === 0 ? 'completed' : 'active', acknowledged: false };
        changes.push(change);
        await api('PUT', `/admin/Renewals/status/${refill.id}`, { body: { status: change.status }, key: change.key });
        change.acknowledged = true;
      }
    })();
    const failed = writer.then(
      () => null,
      (error: unknown) => error,
    );
    await waitFor('a few changes to be acknowledged', () => changes.filter((c) => c.acknowledged).length >= 3, {
      timeout: 20_000,
    });
    transfersAtBackup = (await api('GET', '/admin/transfers')) as Transfer[];
    acknowledgedBefore = changes.filter((c) => c.acknowledged).length;
    const backup = await command('backup', [backupFile]);
    sentBefore = changes.length;
    const answeredDuring = changes.filter((c) => c.acknowledged).length - acknowledgedBefore;
    await waitFor('a change after the backup', () => changes.filter((c) => c.acknowledged).length > sentBefore, {
      timeout: 20_000,
    });
    writing = false;
    await writer.catch(() => undefined);

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/by the running server \(pid \d+\)/);
    expect(await failed).toBeNull();
    expect(answeredDuring, 'changes answered while the backup command ran').toBeGreaterThan(0);
    // Patient data: the backup is its owner's only.
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(backupFile))).toEqual(['pharmacy.tar.gz']);
  }, 60_000);

  it('lets in only the local command that holds the secret of DATA_DIR/running-server.json', async () => {
    const file = runningServerFile(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const { port: endpointPort } = JSON.parse(await readFile(file, 'utf8')) as { port: number };
    expect(endpointPort).not.toBe(port);
    const ask = (authorization: string) =>
      fetch(`http://127.0.0.1:${endpointPort}/backup`, { method: 'POST', headers: { authorization } });
    expect((await ask('Bearer not-the-secret')).status).toBe(401);
    expect((await ask('')).status).toBe(401);
    // It listens on 127.0.0.1 only: this machine's other addresses do not reach it.
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal);
    if (outward) await expect(fetch(`http://${outward.address}:${endpointPort}/status`)).rejects.toThrow();
  });

  it('refuses to restore while the server runs, and the server goes on serving', async () => {
    const restore = await command('restore', [backupFile, '--force']);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/A server \(pid \d+\) is running on .*: stop it, then restore\./);
    expect(await api('GET', '/admin/transfers')).toBeInstanceOf(Array);
  });

  it('a second server started on the same embedded database refuses in words, and the first goes on', async () => {
    const { DATABASE_URL: _serverUrl, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/start.ts'], {
      cwd: REPO_ROOT,
      env: { ...inherited, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', SKIP_BUILD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, output).toBe(1);
    expect(output).toContain(`The embedded database in ${path.join(dataDir, 'pgdata')} is in use by another process (pid`);
    expect(output).toContain('set DATABASE_URL to a PostgreSQL database to run several instances');
    expect(await api('GET', '/admin/transfers')).toBeInstanceOf(Array);
  });

  it('restores the data as at the backup, with its access log chain intact, and the server goes on from it', async () => {
    // Changes after the backup, then a clean stop: the server removes its file.
    await api('PUT', `/admin/transfers/complete/${transfer.transfer_id}`, { key: randomUUID() });
    await server!.halt('SIGTERM');
    expect(existsSync(runningServerFile(dataDir))).toBe(false);
    const pgdata = path.join(dataDir, 'pgdata');
    const before = await folderPrint(pgdata);

    // A file naming a live process that does not answer: maybe a server starting, so no restore.
    const serverFile = runningServerFile(dataDir);
    await writeFile(serverFile, JSON.stringify({ pid: process.pid, port: await freePort(), secret: 'x' }));
    const silent = await command('restore', [backupFile, '--force']);
    expect(silent.code).toBe(1);
    expect(silent.stderr).toContain('does not answer');
    // A file left by a server that died (kill -9): no process, no answer, so no server runs.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(serverFile, JSON.stringify({ pid: gone, port: await freePort(), secret: 'x' }));

    const whole = await readFile(backupFile);
    const truncatedFile = path.join(workDir, 'truncated.tar.gz');
    await writeFile(truncatedFile, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const [refused, notBackup, truncated] = await Promise.all([
      command('restore', [backupFile]),
      command('restore', [path.join(workDir, 'not-a-backup.tar.gz'), '--force']),
      command('restore', [truncatedFile, '--force']),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds a database');
    expect(refused.stderr).toContain('--force');
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a backup this command can restore: it is not a gzip file');
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toContain('it is truncated');
    expect(await folderPrint(pgdata), 'the database after the refused restores').toBe(before);
    expect((await readdir(dataDir)).sort()).toEqual(['pgdata', 'running-server.json']);

    const restored = await command('restore', [backupFile, '--force']);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/replacing the database it held\. The access log verifies: \d+ entries\./);
    expect((await readdir(dataDir)).sort()).toEqual(['pgdata', 'running-server.json']);

    // One moment of the database: the first k changes, k at least those acknowledged before the
    // backup was asked for and at most those sent before it was taken; none half there.
    const { changes: stored, chain } = await inspect(refill.id);
    expect(stored.length).toBeGreaterThanOrEqual(acknowledgedBefore);
    expect(stored.length).toBeLessThanOrEqual(sentBefore);
    expect(stored).toEqual(changes.slice(0, stored.length).map((c) => c.key));
    expect(chain.problem).toBeNull();
    expect(chain.entries).toBeGreaterThan(0);

    server = await startServer({ dataDir, port, env: { LOG_LEVEL: 'warn' } });
    const refills = (await api('GET', '/admin/refills-and-renewals')) as RefillRequest[];
    expect(refills.find((r) => r.id === refill.id)!.status).toBe(stored.length === 0 ? 'active' : changes[stored.length - 1]!.status);
    // The transfer completed after the backup is as it was at the backup, and so is every other.
    const transfers = (await api('GET', '/admin/transfers')) as Transfer[];
    expect(transfers.find((t) => t.transfer_id === transfer.transfer_id)!.status).toBe('active');
    expect(transfers).toEqual(transfersAtBackup);
    // The log goes on from the restored chain.
    await server.halt('SIGTERM');
    const { chain: after } = await inspect(refill.id);
    expect(after.problem).toBeNull();
    expect(after.entries).toBeGreaterThan(chain.entries);
  }, 120_000);

  it('refuses both commands with DATABASE_URL set, pointing to pg_dump and pg_restore', async () => {
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const [backup, restore] = await Promise.all([
      command('backup', [path.join(workDir, 'pg.tar.gz')], env),
      command('restore', [backupFile, '--force'], env),
    ]);
    for (const result of [backup, restore]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('DATABASE_URL is set');
      expect(result.stderr).toContain('pg_dump --format=custom');
      expect(result.stderr).toContain('pg_restore');
    }
    expect(existsSync(path.join(workDir, 'pg.tar.gz'))).toBe(false);
  });
});
