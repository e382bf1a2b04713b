// `npm run openapi -- [FILE]`: writes the API's OpenAPI 3.1 document to FILE (stdout without
// one), as GET /nodejsapp/api/openapi.json serves it. The app is built and made ready, never
// listening. The document describes the code, not a deployment: it is built with the default
// settings, in emulator mode whose identity service is never called (no emulator, no
// credentials needed), on a throwaway embedded database (never the real data, which a running
// server may hold open).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { runCommand } from './run-command';

const USAGE = 'usage: npm run openapi -- [FILE]';

/** The default settings, in a scratch data folder; the emulator's address is a placeholder. */
function documentConfig(dataDir: string): Config {
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'silent' });
  if (config.identity.mode !== 'emulator') throw new Error('the default settings are in emulator mode');
  return { ...config, identity: { ...config.identity, host: `127.0.0.1:${config.identity.port}` } };
}

/** The document's JSON text, as the route sends it, with a final line break for a file. */
export async function openapiText(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-openapi-'));
  try {
    // Opened here, not by the app: on a busy machine it can take longer than a plugin may.
    const db = await openDb({ dataDir });
    try {
      await migrate(db);
      const app = await buildApp(documentConfig(dataDir), { db });
      try {
        await app.ready();
        return `${JSON.stringify(app.swagger(), null, 2)}\n`;
      } finally {
        await app.close();
      }
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const text = await openapiText();
  const [file] = args;
  if (file === undefined) {
    process.stdout.write(text);
  } else {
    writeFileSync(file, text);
    console.error(`Wrote the OpenAPI document to ${file}.`);
  }
  return 0;
}

// Run as a program, not when a test imports openapiText.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) runCommand(main);
