// `npm run access-log -- verify`: checks the access log's hash chain, entry by entry, and names the
// first entry that does not match (exit 1). `npm run access-log -- purge --before YYYY-MM-DD`:
// removes the entries received before that day (the pharmacy's, PHARMACY_TIMEZONE) through the
// one DELETE the database allows, and logs the purge itself. On DATA_DIR (PGlite: with the
// server stopped, the embedded database being one process's) or DATABASE_URL.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { calendarDate, localDate, zonedInstant } from '../../shared/time';
import { loadConfigOrExit } from '../config';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { purgeBefore, verifyChain } from '../repositories/access-log';
import { runCommand } from './run-command';

const USAGE = 'usage: npm run access-log -- verify | purge --before YYYY-MM-DD';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { before: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, ...rest] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if ((command !== 'verify' && command !== 'purge') || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrExit();
  let before: { instant: Date; label: string } | undefined;
  if (command === 'purge') {
    if (!values.before || !calendarDate(values.before)) {
      console.error(`--before must be a date, YYYY-MM-DD\n${USAGE}`);
      return 2;
    }
    if (values.before > localDate(new Date(), config.timeZone)) {
      console.error(`--before ${values.before} is in the future: only what is already in the log can be purged.`);
      return 2;
    }
    before = { instant: zonedInstant(values.before, '00:00:00', config.timeZone), label: values.before };
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    if (before) {
      const user = os.userInfo().username;
      const purged = await purgeBefore(db, before, { uid: 'cli', name: `${user}@${os.hostname()} (npm run access-log)` });
      console.log(
        purged.removed === 0
          ? `Nothing in the access log of ${where} was received before ${before.label}.`
          : `Purged ${purged.removed} entries received before ${before.label} from the access log of ${where}; ` +
              `the chain now starts at entry ${purged.anchor_entry_id}, and entry ${purged.entry_id} records the purge.`,
      );
      return 0;
    }
    const report = await verifyChain(db);
    if (report.problem) {
      console.error(
        `The access log of ${where} does not verify: entry ${report.problem.entry_id}: ${report.problem.reason}. ` +
          `${report.entries} entries before it hold.`,
      );
      return 1;
    }
    console.log(
      report.entries === 0
        ? `The access log of ${where} is empty.`
        : `The access log of ${where} verifies: ${report.entries} entries, ${report.first} to ${report.last}, ` +
            `chained from ${report.first === 1 ? 'the start' : `the anchor of a purge (${report.anchor.slice(0, 12)}…)`}.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(main);
