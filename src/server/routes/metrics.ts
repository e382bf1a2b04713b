// GET /metrics (outside the API base, like /healthz): Prometheus text from the app's registry
// (plugins/external/metrics.ts) with the app's figures read at scrape time. Counts and ages
// only, labelled by nothing a patient could be found by. Answered to a client on this machine,
// or to one sending METRICS_TOKEN as its bearer token; anyone else gets 401.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { isLoopback } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import { outboxBacklog } from '../repositories/email-outbox';
import { countKeys } from '../repositories/idempotency-keys';

/** A scrape answers even when the database does not: its figures are then NaN. */
const DATABASE_READ_TIMEOUT_MS = 2000;

/**
 * The connection itself comes from this machine, and no proxy forwarded it: a reverse proxy on
 * this machine connects from loopback on behalf of anyone, and says so in these headers. The
 * headers are never read to admit a client (anyone can write them), only to refuse one.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  const address = request.socket.remoteAddress ?? '';
  return !forwarded && isLoopback(address.replace(/^::ffff:/i, ''));
}

/** The bearer token equals the configured one, compared in constant time (as digests of equal length). */
function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  const given = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined || given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The gauges of the app's state, set by `read` just before each scrape is written. */
function appFigures(registry: Registry, db: Db, openStreams: () => number) {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const streams = gauge('pharmacy_change_streams_open', 'Change streams (GET /admin/changes) open on this instance');
  const up = gauge('pharmacy_database_up', '1 when the database answered this scrape, 0 when not (its figures are then NaN)');
  const waiting = gauge('pharmacy_email_outbox_waiting', 'Emails queued and not yet sent (refused ones excluded)');
  const oldest = gauge('pharmacy_email_outbox_oldest_waiting_seconds', 'Age of the oldest email waiting to be sent (0 when none)');
  const keys = gauge('pharmacy_idempotency_keys', 'Idempotency keys stored (kept IDEMPOTENCY_KEY_DAYS)');
  const poolMax = gauge('pharmacy_db_pool_max_connections', 'Connections the pool may open (the embedded database: one)', ['driver']);
  const poolOpen = gauge('pharmacy_db_pool_connections', 'Connections open, idle ones included (the embedded database: one)', ['driver']);
  const poolIdle = gauge('pharmacy_db_pool_idle_connections', 'Open connections not in use (PostgreSQL)', ['driver']);
  const poolWaiting = gauge('pharmacy_db_pool_waiting_clients', 'Queries waiting for a free connection (PostgreSQL)', ['driver']);

  return async function read(log: FastifyRequest['log']): Promise<void> {
    streams.set(openStreams());
    const pool = db.poolStats?.();
    if (pool) {
      const driver = { driver: 'postgres' };
      poolMax.set(driver, pool.max);
      poolOpen.set(driver, pool.total);
      poolIdle.set(driver, pool.idle);
      poolWaiting.set(driver, pool.waiting);
    } else {
      poolMax.set({ driver: 'pglite' }, 1);
      poolOpen.set({ driver: 'pglite' }, 1);
    }
    try {
      const [backlog, keyCount] = await withTimeout(Promise.all([outboxBacklog(db), countKeys(db)]), DATABASE_READ_TIMEOUT_MS);
      up.set(1);
      waiting.set(backlog.waiting);
      oldest.set(backlog.oldestSeconds);
      keys.set(keyCount);
    } catch (error) {
      log.warn({ err: error }, 'metrics could not read the database');
      up.set(0);
      [waiting, oldest, keys].forEach((figure) => figure.set(Number.NaN));
    }
  };
}

export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { registry } = app.metrics;
  const read = appFigures(registry, app.db, () => app.changeFeed.size);

  app.get(
    '/metrics',
    // Not counted in the request figures it reports, and not logged: a scrape every few seconds
    // would drown the request log (failures still are, at warn).
    { config: { requestMetrics: false }, logLevel: 'warn' },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!fromThisMachine(request) && !hasToken(request, app.config.metricsToken)) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, 'unauthorized', 'Metrics are answered on this machine or with the metrics token');
      }
      await read(request.log);
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
};
