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

/**
 * Statements are prepared once per connection, by their text, then only bound and executed: for
 * most of the app's statements parsing and planning cost more than running them (an empty delta
 * page on PGlite: 0.34 ms planned each time, 0.09 ms prepared). Not kept: statements with many
 * parameters (seeding's bulk inserts, one-offs whose plans would only take memory), and any
 * statement past the first MAX_PREPARED (the app's are a fixed set, far fewer).
 */
const MAX_PREPARED = 500;
const MAX_PREPARED_PARAMS = 64;

/**
 * A prepared statement's plan may be one made for all parameter values, when the tables were as
 * big as they were then: an idempotency-key look-up planned just after start, on a nearly empty
 * table, stays a sequential scan as the table grows (1.7 ms at 20,000 keys instead of 0.12 ms).
 * PostgreSQL's autovacuum analyses growing tables, which has their statements planned again;
 * PGlite has none (db/statistics.ts analyses hourly), so its statements are prepared afresh.
 */
const PGLITE_PLAN_MAX_AGE_MS = 10_000;

function preparable(prepared: Map<string, unknown>, text: string, params: unknown[]): boolean {
  return params.length <= MAX_PREPARED_PARAMS && (prepared.has(text) || prepared.size < MAX_PREPARED);
}

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
  const { Mutex, parse, PGlite, protocol } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(dir, { parsers: PARSERS });
  await pg.exec("SET TIME ZONE 'UTC'");
  const { serialize } = protocol;
  const prepared = new Map<string, { name: string; types: number[]; preparedAt: number }>();
  let named = 0;
  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  /**
   * One statement through the extended protocol, as PGlite's own `query` runs it, but parsed once
   * into a named statement and afterwards only bound and executed. Holds PGlite's query lock.
   */
  async function runPrepared<T>(text: string, params: unknown[], inTransaction: boolean): Promise<T[]> {
    return pg.runExclusive(async () => {
      const messages = [];
      try {
        let statement = prepared.get(text);
        if (statement && Date.now() - statement.preparedAt > PGLITE_PLAN_MAX_AGE_MS) {
          await send(serialize.close({ type: 'S', name: statement.name }));
          prepared.delete(text);
          statement = undefined;
        }
        if (!statement) {
          const name = `s${(named += 1)}`;
          await send(serialize.parse({ name, text }));
          const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
          statement = { name, types, preparedAt: Date.now() };
          prepared.set(text, statement);
        }
        const { name, types } = statement;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const toText = pg.serializers[types[i]!];
          return toText ? toText(value) : String(value);
        });
        messages.push(...(await send(serialize.bind({ statement: name, values }))));
        messages.push(...(await send(serialize.describe({ type: 'P' }))));
        messages.push(...(await send(serialize.execute({}))));
      } finally {
        await send(serialize.sync());
      }
      if (!inTransaction) await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers)[0]!.rows as T[];
    });
  }

  // PGlite's lock that keeps other statements out of an open transaction is not public: this one
  // does it for the statements run here, and for the transactions.
  const session = new Mutex();
  const asSql = (q: Pick<typeof pg, 'query' | 'exec'>, inTransaction: boolean): Sql => ({
    async query<T>(text: string, params: unknown[] = []) {
      const run = () =>
        preparable(prepared, text, params)
          ? runPrepared<T>(text, params, inTransaction)
          : q.query<T>(text, params).then((result) => result.rows);
      return inTransaction ? run() : session.runExclusive(run);
    },
    async exec(text: string) {
      await q.exec(text);
    },
  });
  const sql = asSql(pg, false);
  return {
    dialect: 'pglite',
    ...sql,
    transaction(fn) {
      return session.runExclusive(() =>
        pg.transaction(async (tx) => {
          const txSql = asSql(tx, true);
          await txSql.query(WRITE_LOCK);
          return fn(txSql);
        }),
      );
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
  // node-postgres prepares a named statement on each connection the first time it runs there.
  const names = new Map<string, string>();
  const statement = (text: string, values: unknown[] = []) => {
    if (!preparable(names, text, values)) return { text, values };
    let name = names.get(text);
    if (!name) names.set(text, (name = `s${names.size + 1}`));
    return { name, text, values };
  };
  const query = async <T>(text: string, params?: unknown[]) =>
    (await pool.query(statement(text, params))).rows as T[];
  return {
    dialect: 'postgres',
    query,
    async exec(text) {
      await pool.query(text);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        // One round trip (a simple query may hold several statements).
        await client.query(`BEGIN; ${WRITE_LOCK}`);
        const result = await fn({
          query: async <T>(text: string, params?: unknown[]) =>
            (await client.query(statement(text, params))).rows as T[],
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
