// One server instance in its own process for the stream-capacity benchmark (bench/live.ts), run
// with --expose-gc so its memory can be read after a full collection: prints its URL, then
// answers each `measure` line on stdin with its resident memory and open stream count.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDb } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-streams-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  rateLimitPerMinute: 1_000_000,
};
const db = await openDb({ dataDir, databaseUrl: config.databaseUrl });
await migrate(db);
const app = await buildApp(config, { db });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const gc = (globalThis as { gc?: () => void }).gc;
console.log(JSON.stringify({ url }));
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line.trim() === 'measure') {
    gc?.();
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    console.log(JSON.stringify({ rssMb: process.memoryUsage().rss / 2 ** 20, streams: app.changeFeed.size }));
  }
}
await app.close();
await db.close();
