// `npm run simulate -- [--per-minute N] [--kinds transfer,refill,booking,inquiry] [--count N]`:
// writes realistic incoming requests into the database as the customer-facing site would, so a
// demo shows the live lists and the notifications at work. Needs DATABASE_URL: the embedded
// database belongs to the server process (start it with SIMULATE_PER_MINUTE=N instead).
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { INCOMING_KINDS, startSimulation, type IncomingKind } from '../simulate/incoming';

const USAGE =
  'usage: npm run simulate -- [--per-minute N (default 6)] [--kinds transfer,refill,booking,inquiry] [--count N]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'per-minute': { type: 'string' },
      kinds: { type: 'string' },
      count: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const perMinute = Number(values['per-minute'] ?? 6);
  if (!Number.isFinite(perMinute) || perMinute <= 0 || perMinute > 60_000) {
    console.error(`--per-minute must be a number above 0 (at most 60000)\n${USAGE}`);
    return 2;
  }
  const kinds = (values.kinds?.split(',').map((k) => k.trim()) ?? [...INCOMING_KINDS]) as IncomingKind[];
  const unknown = kinds.filter((k) => !(INCOMING_KINDS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    console.error(`--kinds: unknown ${unknown.join(', ')} (known: ${INCOMING_KINDS.join(', ')})\n${USAGE}`);
    return 2;
  }
  const count = values.count === undefined ? undefined : Number(values.count);
  if (count !== undefined && (!Number.isInteger(count) || count < 1)) {
    console.error(`--count must be a whole number above 0\n${USAGE}`);
    return 2;
  }
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'simulate writes into a PostgreSQL database (DATABASE_URL). The embedded database belongs to the ' +
        'server process: start the server with SIMULATE_PER_MINUTE=N npm start to simulate there.',
    );
    return 2;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  console.log(`Writing about ${perMinute} incoming requests a minute (${kinds.join(', ')}); Ctrl-C stops.`);
  const simulation = startSimulation(db, {
    perMinute,
    kinds,
    count,
    timeZone: config.timeZone,
    onWrite: ({ kind, id }) => console.log(`${new Date().toISOString()} new ${kind} ${id}`),
    onError: (error) => console.error(`write failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  const stop = () => void simulation.stop();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await simulation.done;
  await db.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
