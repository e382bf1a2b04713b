// The one query layer. Only this file knows PGlite from node-postgres: everything else talks to
// `Db` / `Sql` with plain SQL and $n parameters, which both speak identically.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { lockFolder } from './folder-lock';

export interface Sql {
  /** Run one parameterised statement and return its rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * `text`'s rows as the JSON text of an array of objects, each row's columns as its fields in
   * order: what `JSON.stringify(await query(text, params))` gives, written where it costs least
   * (see openPglite and openPostgres). Instants must be selected as text (synced-list.ts
   * `isoInstant`): the two ways would write a timestamp differently; inside a json value the
   * database may put spaces that JSON.stringify leaves out.
   */
  queryJson(text: string, params?: unknown[]): Promise<string>;
  /** Run several statements (migrations). No parameters. */
  exec(text: string): Promise<void>;
}

export interface Db extends Sql {
  /**
   * Run `fn` in one transaction. Write transactions take turns (on PostgreSQL every one takes the
   * same advisory lock first; the embedded database runs one at a time), so change numbers
   * commit in the order they were drawn: a `?since=` cursor never skips a row
   * that committed late (DESIGN.md section 3).
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Run `fn` while holding the database's start-up lock: any other process (or caller) asking for
   * it on the same database waits until `fn` is done. For what must run once however many
   * instances start together (migrations, the demo seed and its accounts); `fn` checks whether
   * its work is already done. Not to be nested.
   */
  oneAtATime<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel` until the returned stop is called. `onGap` is called when notifications
   * may have been missed (the listening connection dropped and came back): listeners catch up.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /**
   * Whether the database keeps its planner statistics itself (PostgreSQL's autovacuum analyses
   * growing tables); the embedded one has no background workers (db/statistics.ts).
   */
  readonly keepsStatistics: boolean;
  /**
   * Whether every write reaches this process's `listen` before the writing statement (or
   * transaction) returns, and no other process writes: the embedded database, whose folder this
   * process holds (folder-lock.ts), delivers its notifications with the statement's answer. So
   * what the change feed last heard is what the database holds. On PostgreSQL a notification
   * travels on its own connection, and other instances write too.
   */
  readonly hearsEveryWrite: boolean;
  /** PostgreSQL only: the connection pool's use, for /metrics. The embedded database is one connection. */
  poolStats?(): PoolStats;
  /**
   * The embedded database only: a copy of its whole folder as PGlite's gzipped tarball, taken
   * between statements and transactions (never inside one), so it opens as the database was at
   * one moment (`npm run backup`, backup/endpoint.ts). Absent on PostgreSQL: pg_dump does that.
   */
  backup?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  /** Connections open, idle ones included. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

const gzip = promisify(gzipCallback);

const WRITE_LOCK = 'SELECT pg_advisory_xact_lock(7231)';
/** Held by a session for `oneAtATime`, apart from the write lock: writers need not wait for it. */
const STARTUP_LOCK_KEY = 7230;

/**
 * Statements are prepared once per connection, by their text, then only executed: for most of
 * the app's statements parsing and planning cost more than running them (an empty delta page on
 * PGlite: 0.34 ms planned each time, 0.09 ms prepared). Not kept: statements with many
 * parameters (seeding's bulk inserts, one-offs whose plans would only take memory), and any
 * statement past the first MAX_PREPARED (the app's are a fixed set, far fewer).
 */
const MAX_PREPARED = 500;
const MAX_PREPARED_PARAMS = 64;

/**
 * A prepared statement's plan may be one made for all parameter values, when the tables were as
 * big as they were then: an idempotency-key look-up planned just after start, on a nearly empty
 * table, stays a sequential scan as the table grows (1.7 ms at 20,000 keys instead of 0.12 ms).
 * PostgreSQL plans a statement again once its tables' statistics change, and autovacuum keeps
 * them; PGlite has none (db/statistics.ts analyses hourly), so its statements are prepared afresh.
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

/** One caller at a time, in the order they came. */
function serially(): <T>(fn: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const run = last.then(fn, fn);
    last = run.catch(() => undefined);
    return run;
  };
}

export async function openDb(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pgdata'));
}

/**
 * The embedded database in `dir` (a new folder) made from a backup's bytes (Db.backup), opened:
 * PGlite unpacks the tarball and starts on it, which fails on anything that is not a database.
 */
export function openPgliteBackup(dir: string, backup: Uint8Array): Promise<Db> {
  return openPglite(dir, new Blob([new Uint8Array(backup)]));
}

/** SQL PREPARE takes these; anything else (ANALYZE, SET, DDL) runs through PGlite's query(). */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|VALUES)\b/i;

async function openPglite(dir: string, loadDataDir?: Blob): Promise<Db> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = lockFolder(dir);
  const [{ PGlite }, { default: pgModule }] = await Promise.all([import('@electric-sql/pglite'), import('pg')]);
  const pg = await PGlite.create(dir, { parsers: PARSERS, loadDataDir }).catch((error: unknown) => {
    release();
    throw error;
  });
  await pg.exec("SET TIME ZONE 'UTC'");
  type Queryable = Pick<typeof pg, 'query' | 'exec'>;
  interface Statement {
    name: string;
    types: number[];
    preparedAt: number;
  }
  const prepared = new Map<string, Statement>();
  let named = 0;

  /** A parameter as the SQL literal of its type's text: what query() would bind. */
  const literal = (value: unknown, type: number | undefined): string => {
    if (value === null || value === undefined) return 'NULL';
    const serialize = type === undefined ? undefined : pg.serializers[type];
    const text = serialize ? serialize(value) : String(value);
    // A NUL would end the statement's text early; bound, PostgreSQL refuses it the same way.
    if (text.includes('\0')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
    return pgModule.escapeLiteral(text);
  };

  /**
   * One statement through SQL's PREPARE and EXECUTE (PGlite's public query() parses and plans
   * every time: 0.25 ms for an idempotency-key look-up where this takes 0.1). The arguments go as
   * literals of the parameters' types, escaped by node-postgres, read as a bound text value is.
   * Callers hold the lock of their session or transaction, so a statement prepared afresh is
   * never deallocated under another caller.
   */
  async function runPrepared<T>(q: Queryable, text: string, params: unknown[]): Promise<T[]> {
    let statement = prepared.get(text);
    let stale = '';
    if (statement && Date.now() - statement.preparedAt > PGLITE_PLAN_MAX_AGE_MS) {
      stale = `DEALLOCATE ${statement.name}; `;
      prepared.delete(text);
      statement = undefined;
    }
    if (!statement) {
      const name = `s${(named += 1)}`;
      const results = await q.exec(
        `${stale}PREPARE ${name} AS ${text};
         SELECT ARRAY(SELECT unnest(parameter_types)::oid::int4) AS types FROM pg_prepared_statements WHERE name = '${name}'`,
      );
      const [{ types }] = results.at(-1)!.rows as [{ types: number[] }];
      statement = { name, types, preparedAt: Date.now() };
      prepared.set(text, statement);
    }
    const { name, types } = statement;
    const args = params.map((value, i) => literal(value, types[i]));
    const [result] = await q.exec(args.length > 0 ? `EXECUTE ${name}(${args.join(', ')})` : `EXECUTE ${name}`);
    return result!.rows as T[];
  }

  // PGlite keeps other statements out of an open transaction; this keeps a statement prepared
  // afresh from being deallocated between another caller's look-up and its EXECUTE: one lock
  // for a statement outside a transaction or a whole transaction, one inside each transaction.
  const session = serially();
  const asSql = (q: Queryable, exclusive: ReturnType<typeof serially>): Sql => {
    const query = <T>(text: string, params: unknown[] = []) =>
      exclusive(() =>
        PREPARABLE.test(text) && preparable(prepared, text, params)
          ? runPrepared<T>(q, text, params)
          : q.query<T>(text, params).then((result) => result.rows),
      );
    return {
      query,
      // The database writes the JSON: PGlite copies each field of each row out of its memory one
      // at a time, which costs several times the query (a 5,000-row delta page: 240 ms read as
      // rows, 75 ms as JSON text). The rows come in the subquery's order.
      async queryJson(text, params) {
        const [row] = await query<{ json: string }>(
          `SELECT '[' || COALESCE(string_agg(to_json(q)::text, ','), '') || ']' AS json FROM (${text}) AS q`,
          params,
        );
        return row!.json;
      },
      async exec(text) {
        await q.exec(text);
      },
    };
  };
  const sql = asSql(pg, session);
  const startup = serially();
  return {
    ...sql,
    transaction: (fn) =>
      session(() =>
        // No write lock here: the embedded database has one connection, and `session` runs one
        // transaction (or statement) at a time, so change numbers already commit in the order
        // they were drawn (the lock cost a statement, a sixth of a status change's time).
        pg.transaction((tx) => fn(asSql(tx, serially()))),
      ),
    // One process owns the embedded database's folder: the callers of this one take turns.
    oneAtATime: (fn) => startup(fn),
    async listen(channel, onMessage) {
      // One connection: its notifications arrive with the answers to its own statements.
      const unlisten = await pg.listen(channel, onMessage);
      return () => unlisten();
    },
    keepsStatistics: false,
    hearsEveryWrite: true,
    // In the session's turn, so no transaction is open; the checkpoint writes the changed pages
    // into the files the tarball copies (PGlite's dump copies the folder as it is on disk).
    // Compressed after the turn: statements wait for the copy only, a third of the time PGlite's
    // own gzip would hold them (the demo data, 42 MB: 0.17 s against 0.55 s on a quiet machine).
    async backup() {
      const tarball = await session(async () => {
        await pg.exec('CHECKPOINT');
        return pg.dumpDataDir('none');
      });
      return gzip(new Uint8Array(await tarball.arrayBuffer()));
    },
    close: () => pg.close().finally(release),
  };
}

/**
 * A connection lent out of the pool that drops (the database restarted, the network cut) fails
 * its query and also emits 'error', which the pool hears only on idle connections: unheard, it
 * would end the process. Heard here while the connection is out; returns the stop.
 */
function hearDrop(client: import('pg').PoolClient, onDrop: (error: Error) => void): () => void {
  client.on('error', onDrop);
  return () => client.removeListener('error', onDrop);
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString: url,
    max: 10,
    // A database out of reach fails a request soon (a 503, errors.ts) rather than leaving it
    // waiting for a connection that may never come.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
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
  // Here the rows are read and JSON.stringify writes them: PostgreSQL's JSON functions cost more
  // than node-postgres and JSON.stringify together (a 5,000-row delta page: 28 ms read as rows,
  // 45 ms with each row's JSON written by the database, 130 ms with the whole page's).
  const sqlOn = (run: (config: { text: string; values?: unknown[]; name?: string }) => Promise<{ rows: unknown[] }>): Sql => {
    const query = async <T>(text: string, params?: unknown[]) => (await run(statement(text, params))).rows as T[];
    return {
      query,
      queryJson: async (text, params) => JSON.stringify(await query(text, params)),
      async exec(text) {
        await run({ text });
      },
    };
  };
  return {
    ...sqlOn((config) => pool.query(config)),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      const stopHearing = hearDrop(client, (error) => (broken = error));
      try {
        // One round trip (a simple query may hold several statements).
        await client.query(`BEGIN; ${WRITE_LOCK}`);
        const result = await fn(sqlOn((config) => client.query(config)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dead (the database restarted, the network
        // dropped): the pool discards it instead of lending it out again.
        broken = await client.query('ROLLBACK').then(
          () => undefined,
          (rollbackError: unknown) => rollbackError as Error,
        );
        throw error;
      } finally {
        stopHearing();
        client.release(broken);
      }
    },
    async oneAtATime(fn) {
      // A session lock on a connection of its own: released by the unlock, or by PostgreSQL when
      // the process holding it dies. A connection that may still hold it is closed, not reused.
      const client = await pool.connect();
      let unsure: Error | undefined = new Error('start-up lock not released');
      const stopHearing = hearDrop(client, () => undefined);
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).then(
            () => (unsure = undefined),
            () => undefined,
          );
        }
      } finally {
        stopHearing();
        client.release(unsure);
      }
    },
    keepsStatistics: true,
    hearsEveryWrite: false,
    poolStats: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onMessage, onGap) => listenPostgres(pgModule, url, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

const LISTEN_RETRY_MS = [250, 500, 1000, 2000, 5000];
/** How long a new PostgreSQL connection may take (pool and LISTEN alike). */
const CONNECT_TIMEOUT_MS = 5000;

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
    // TCP keep-alive: a connection the network dropped without a word is noticed (and replaced)
    // within a minute, where it would otherwise wait on notifications that never come.
    const next = new pgModule.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
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
