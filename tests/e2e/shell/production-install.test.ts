// Issue 21 item 8: what the server installs. A production install (`npm install --omit=dev` of
// this package, with the app built by the development install: the e2e suite built dist/) has no
// emulator, bundler or test tool, and `npm start` there starts and serves the app and the API.
// No real Firebase project is reachable here, so it is pointed at the suite's Auth emulator with
// FIREBASE_AUTH_EMULATOR_HOST, as the issue says.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/shared/constants';
import { signIn } from '../../api/support/tokens';
import { waitFor } from '../../support/wait-for';
import { ADMIN } from '../support/accounts';
import { freePort } from '../support/server';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let root: string;
let server: ChildProcess | null = null;
let output = '';
let baseUrl: string;
let installSeconds: number;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pharmacy-production-'));
  // What a deployment copies: the package, its lock file, the server's sources and the built app.
  for (const item of ['package.json', 'package-lock.json', 'tsconfig.json', 'src', 'dist']) {
    await cp(path.join(REPO_ROOT, item), path.join(root, item), { recursive: true, preserveTimestamps: true });
  }
  const started = Date.now();
  // From the npm cache the development install filled (the registry only for what it lacks).
  const install = spawnSync('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
  });
  installSeconds = (Date.now() - started) / 1000;
  if (install.status !== 0) throw new Error(`npm install --omit=dev failed:\n${install.stderr}`);

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    DATA_DIR: path.join(root, 'data'),
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    LOG_LEVEL: 'info',
  };
  server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    'the production install to answer /healthz',
    async () => {
      if (server!.exitCode !== null) throw new Error(`npm start exited with ${server!.exitCode}:\n${output}`);
      return (await fetch(`${baseUrl}/healthz`).catch(() => null))?.ok;
    },
    { timeout: 120_000, interval: 250 },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${output.slice(-4000)}`);
  });
}, 400_000);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a production install (npm install --omit=dev)', () => {
  it('holds none of the development tools', () => {
    console.log(`npm install --omit=dev: ${installSeconds.toFixed(1)} s`);
    for (const tool of ['firebase-tools', 'vite', 'vitest', 'typescript', 'eslint', 'react', 'playwright-core']) {
      expect(existsSync(path.join(root, 'node_modules', tool)), tool).toBe(false);
    }
    for (const runtime of ['fastify', 'firebase-admin', '@electric-sql/pglite', 'pg', 'tsx']) {
      expect(existsSync(path.join(root, 'node_modules', runtime)), runtime).toBe(true);
    }
  });

  it('starts without building, and serves the app and the API to a signed-in admin', async () => {
    expect(output).not.toContain('Building the app');
    const page = await fetch(`${baseUrl}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const token = await signIn(ADMIN.email, ADMIN.password);
    const transfers = await fetch(`${baseUrl}${API_BASE}/admin/transfers`, { headers: { authorization: `Bearer ${token}` } });
    expect(transfers.status).toBe(200);
    const rows = (await transfers.json()) as { transfer_id: number }[];
    // The demo data, seeded on this first start.
    expect(rows.length).toBeGreaterThan(0);
    expect(await fetch(`${baseUrl}${API_BASE}/admin/transfers`).then((r) => r.status)).toBe(401);
  });
});
