// The planner's statistics. PostgreSQL's autovacuum keeps them; the embedded database has no
// background workers, so without this its tables are never analysed and the planner guesses: a
// delta sync (`change_no > $1 ORDER BY change_no LIMIT n`) then scans the whole table instead of
// its index (16 ms instead of 0.2 ms at 20,000 transfers, measured with EXPLAIN ANALYZE).
import type { Db } from './client';

/** How often the embedded database is analysed again while the server runs. */
export const ANALYZE_EVERY_MS = 60 * 60 * 1000;

export async function analyze(db: Db): Promise<void> {
  await db.query('ANALYZE');
}

/**
 * On a database that does not keep its statistics itself (the embedded one): ANALYZE on the next
 * turn of the event loop (the timer is set while the db plugin loads, so this first run may
 * overlap the rest of start-up rather than wait for it; nothing awaits it), then every
 * ANALYZE_EVERY_MS. Returns what stops it. A failure is logged, never fatal: plans only get slower.
 */
export function keepStatistics(db: Db, onError: (error: unknown) => void): () => void {
  if (db.keepsStatistics) return () => undefined;
  const run = () => void analyze(db).catch(onError);
  const first = setTimeout(run, 0);
  const every = setInterval(run, ANALYZE_EVERY_MS);
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
