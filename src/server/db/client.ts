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
  /**
   * LISTEN on `channel` until the returned stop is called. `onGap` is called when notifications
   * may have been missed (the listening connection dropped and came back): listeners catch up.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
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
    async listen(channel, onMessage) {
      // One connection: its notifications arrive with the answers to its own statements.
      const unlisten = await pg.listen(channel, onMessage);
      return () => unlisten();
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
    listen: (channel, onMessage, onGap) => listenPostgres(pgModule, url, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

const LISTEN_RETRY_MS = [250, 500, 1000, 2000, 5000];

/**
 * A dedicated connection holding LISTEN (a pooled one would lose it). When it drops it comes back
 * with a growing pause, and `onGap` tells the listeners that notifications may have been missed.
 */
async function listenPostgres(
  pgModule: typeof import('pg').default,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import('pg').Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new pgModule.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoted}`);
    } catch (error) {
      // `client` is not yet `next`, so its `end` handler will not reschedule: close it here, or each
      // failed retry would leave a connection open.
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  const schedule = () => {
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)];
    failures += 1;
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      connect().then(
        () => {
          failures = 0;
          onGap?.();
        },
        () => schedule(),
      );
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
