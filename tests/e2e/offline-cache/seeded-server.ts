// A server holding `npm run seed -- --scale N`'s data (as bench/run.ts seeds it), reached through a
// gate proxy (support/gate-proxy.ts): enough transfers that a first sync takes several pages.
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../../../src/server/db/client';
import { analyze } from '../../../src/server/db/statistics';
import { seedScale } from '../../../src/server/seed/scale';
import { pgliteTemplate } from '../../api/support/fresh-database';
import { startGateProxy, type GateProxy } from '../support/gate-proxy';
import { startServer, type RunningServer } from '../support/server';

export interface SeededServer {
  server: RunningServer;
  proxy: GateProxy;
  /** Where the browser opens the app: the proxy. */
  baseUrl: string;
  stop(): Promise<void>;
}

/** Seeds `transfers` transfers (and the other lists in proportion) into a copy of the migrated template. */
export async function startSeededServer(transfers: number): Promise<SeededServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharmacy-e2e-seeded-'));
  await cp(path.join(await pgliteTemplate(), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const db = await openDb({ dataDir });
  try {
    // The day, as the seed command takes it: the same rows on every run of a day.
    await seedScale(db, transfers, new Date(new Date().toISOString().slice(0, 10)));
    await analyze(db);
  } finally {
    await db.close();
  }
  const server = await startServer({ dataDir });
  const proxy = await startGateProxy(server.baseUrl);
  return {
    server,
    proxy,
    baseUrl: proxy.baseUrl,
    async stop() {
      await proxy.close();
      await server.stop();
    },
  };
}
