// With DATABASE_URL the data is PostgreSQL's, and PostgreSQL's own tools back it up: they copy a
// live database consistently, and its operators know them.
export function postgresHint(command: 'backup' | 'restore'): string {
  return [
    `npm run ${command} is for the embedded database (DATA_DIR); DATABASE_URL is set, so the data is in PostgreSQL.`,
    'Use PostgreSQL\'s tools instead (they read the same URL):',
    '  pg_dump --format=custom --file=pharmacy.dump "$DATABASE_URL"            (while the server runs)',
    '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" pharmacy.dump   (servers stopped)',
  ].join('\n');
}
