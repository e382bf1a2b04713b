// Global setup of the e2e project: one server, started once per run, for the test files that
// call sharedServer() (shared.ts): files that read the demo data as it stands when they run and
// change only records they pick for themselves. Each would otherwise boot a server of its own,
// tens of seconds on 2 cores. Files that need their own (its settings, its database read after
// it stops, two instances, PostgreSQL) call startServer() as before. Runs in vitest's process,
// outside any test: no `vi` and no `inject` here.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The e2e files this run selected (its file filters, as vitest reads them), or all of them. */
async function selectedFiles(project: TestProject): Promise<string[]> {
  const all = (await readdir(E2E_DIR, { recursive: true }))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(E2E_DIR, name));
  // Not in vitest's typed API: without it, every file counts as selected (the server starts).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  if (filters.length === 0) return all;
  return all.filter((file) => filters.some((filter) => file.includes(filter) || file === path.resolve(filter)));
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const files = await selectedFiles(project);
  const wanted = await Promise.all(files.map(async (file) => (await readFile(file, 'utf8')).includes('sharedServer()')));
  if (!wanted.includes(true)) return undefined;
  // A pharmacy name of its own: the emails and the navigation bar show it came from the setting.
  const server = await startServer({ env: { PHARMACY_NAME: 'Trillium Test Pharmacy' } });
  project.provide('sharedServer', { baseUrl: server.baseUrl, dataDir: server.dataDir });
  return () => server.stop();
}
