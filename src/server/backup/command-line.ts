// What `npm run backup` and `npm run restore` read before doing anything: their one FILE, their
// flags, and the settings, which must name the embedded database. With DATABASE_URL the data is
// PostgreSQL's, and PostgreSQL's own tools back it up: they copy a live database consistently,
// and its operators know them.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit, type Config } from '../config';

export function postgresHint(command: 'backup' | 'restore'): string {
  return [
    `npm run ${command} is for the embedded database (DATA_DIR); DATABASE_URL is set, so the data is in PostgreSQL.`,
    'Use PostgreSQL\'s tools instead (they read the same URL):',
    '  pg_dump --format=custom --file=pharmacy.dump "$DATABASE_URL"            (while the server runs)',
    '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" pharmacy.dump   (servers stopped)',
  ].join('\n');
}

export interface BackupCommand {
  config: Config;
  /** FILE, as an absolute path. */
  file: string;
  force: boolean;
}

/** The command's FILE and settings, or the exit code once it has said why not (or printed --help). */
export function readCommandLine(command: 'backup' | 'restore', usage: string): BackupCommand | number {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' }, ...(command === 'restore' ? { force: { type: 'boolean' as const } } : {}) },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  const config = loadConfigOrExit();
  if (config.databaseUrl) {
    console.error(postgresHint(command));
    return 2;
  }
  return { config, file: path.resolve(positionals[0]!), force: (values as { force?: boolean }).force === true };
}
