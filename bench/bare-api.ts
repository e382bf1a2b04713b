// The API benchmark's baseline (bench/server.ts, issue 17 item 9): a bare Fastify in its own
// process (not the benchmark's, where autocannon runs) that answers the reads of the mixed load
// with the same SQL as the app on the same database, and nothing else: no authentication, rate
// limit, security headers, validation, logging or change feed. The list routes call the
// repository functions the app's list routes call (the whole list, or a delta page after
// `?since=`); a patient by id calls findRecord, as the app's route does; the planner's statistics
// are fresh, as the app keeps them. Prints its URL as a JSON
// line; stops on SIGTERM or when stdin closes.
//   BARE_DATABASE_URL (PostgreSQL) or BARE_DATA_DIR (the embedded database: its server stopped)
import Fastify from 'fastify';
import { COLLECTION_NAMES, COLLECTIONS } from '../src/shared/collections';
import { API_BASE, SYNC_PAGE_LIMIT } from '../src/shared/constants';
import { openDb } from '../src/server/db/client';
import { analyze } from '../src/server/db/statistics';
import { SYNCED_LISTS } from '../src/server/repositories/list-registry';
import { findRecord, listChangesJson, listJson } from '../src/server/repositories/synced-list';
import { USER_LIST } from '../src/server/repositories/users';

const databaseUrl = process.env.BARE_DATABASE_URL || undefined;
const dataDir = process.env.BARE_DATA_DIR ?? '';
if (!databaseUrl && !dataDir) throw new Error('bare-api: set BARE_DATABASE_URL or BARE_DATA_DIR');

const db = await openDb({ databaseUrl, dataDir });
// The planner's statistics, as the app's server has them (db/statistics.ts analyses the embedded
// database when it starts; PostgreSQL's autovacuum keeps them): without them a delta page on the
// embedded database scans its whole table.
if (!db.keepsStatistics) await analyze(db);
const app = Fastify({ logger: false });
for (const name of COLLECTION_NAMES) {
  const list = SYNCED_LISTS[name];
  app.get(`${API_BASE}${COLLECTIONS[name].path}`, async (request, reply) => {
    const { since, limit } = request.query as { since?: string; limit?: string };
    const json =
      since === undefined
        ? await listJson(db, list)
        : (await listChangesJson(db, list, Number(since), Math.min(Number(limit ?? SYNC_PAGE_LIMIT), SYNC_PAGE_LIMIT))).json;
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
app.get(`${API_BASE}/admin/users/:userId`, async (request, reply) => {
  const user = await findRecord(db, USER_LIST, Number((request.params as { userId: string }).userId));
  return user ? user : reply.code(404).send({ error: { code: 'not_found', message: 'no such patient' } });
});

const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ url }));

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
