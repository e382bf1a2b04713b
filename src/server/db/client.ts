// The one query layer. Only this file knows PGlite from node-postgres: everything else talks to
// `Db` / `Sql` with plain SQL and $n parameters, which both speak identically.
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export interface Sql {
  /** Run one parameterised statement and return its rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Run several statements (migrations). No parameters. */
  exec(text: string): Promise<void>;
}

export interface Db extends Sql {
  /**
   * Run `fn` in one transaction. Every write transaction takes the same advisory lock first, so
   * change numbers commit in the order they were drawn: a `?since=` cursor never skips a row
   * that committed late (DESIGN.md section 3).
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly dialect: 'pglite' | 'postgres';
}

const WRITE_LOCK = 'SELECT pg_advisory_xact_lock(7231)';

/** Postgres text → JS, the same on both drivers. */
function parseTimestamp(value: string): string {
  const iso = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(iso).toISOString();
}
const PARSERS: Record<number, (value: string) => unknown> = {
  20: Number, // int8 (ids, counts, change numbers stay far below 2^53)
  1700: Number, // numeric
  1082: (v) => v, // date: keep 'YYYY-MM-DD'
  1083: (v) => v, // time: keep 'HH:MM:SS'
  1114: parseTimestamp, // timestamp
  1184: parseTimestamp, // timestamptz
};

export async function openDb(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pgdata'));
}

async function openPglite(dir: string): Promise<Db> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(dir, { parsers: PARSERS });
  await pg.exec("SET TIME ZONE 'UTC'");
  const asSql = (q: Pick<typeof pg, 'query' | 'exec'>): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      return (await q.query<T>(text, params)).rows;
    },
    async exec(text: string) {
      await q.exec(text);
    },
  });
  return {
    dialect: 'pglite',
    ...asSql(pg),
    transaction(fn) {
      return pg.transaction(async (tx) => {
        await tx.query(WRITE_LOCK);
        return fn(asSql(tx));
      });
    },
    close: () => pg.close(),
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString: url,
    max: 10,
    options: '-c TimeZone=UTC',
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        PARSERS[oid] ?? pgModule.types.getTypeParser(oid, format as 'text')) as never,
    },
  });
  // An idle connection closed by the server (restart, failover, a dropped database) must not
  // crash the process: the pool discards it and opens a new one on the next query.
  pool.on('error', () => undefined);
  const query = async <T>(text: string, params?: unknown[]) =>
    (await pool.query(text, params)).rows as T[];
  return {
    dialect: 'postgres',
    query,
    async exec(text) {
      await pool.query(text);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(WRITE_LOCK);
        const result = await fn({
          query: async <T>(text: string, params?: unknown[]) =>
            (await client.query(text, params)).rows as T[],
          exec: async (text: string) => {
            await client.query(text);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
