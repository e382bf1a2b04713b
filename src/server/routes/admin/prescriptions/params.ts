// Input checks of the prescription routes. Done by hand rather than by schema so every 400
// names the field in the same words whatever the error handler does with schema errors.
import type { FastifyReply } from 'fastify';
import { SYNC_PAGE_LIMIT } from '../../../../shared/constants';
import { errorResult, type IdempotentResult } from '../../../plugins/app/idempotency';

/** The admin scope (routes/admin/index.ts) is mounted at this prefix; the spec's paths include it. */
const ADMIN_PREFIX = '/admin';

/** A spec path such as `/admin/transfers`, relative to the admin scope. */
export function adminPath(specPath: string): string {
  if (!specPath.startsWith(`${ADMIN_PREFIX}/`)) throw new Error(`${specPath} is not an admin path`);
  return specPath.slice(ADMIN_PREFIX.length);
}

/** Largest value of a `serial` key: a bigger id cannot exist (and must not reach the query). */
const MAX_SERIAL = 2_147_483_647;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: IdempotentResult };

export function badRequest(message: string): { ok: false; error: IdempotentResult } {
  return { ok: false, error: errorResult(400, 'bad_request', message) };
}

export function fail(reply: FastifyReply, parsed: { ok: false; error: IdempotentResult }): FastifyReply {
  return reply.code(parsed.error.status).send(parsed.error.body);
}

/** A record id in the path or body: a positive whole number. `null` = valid but cannot exist. */
export function parseId(field: string, raw: unknown): Parsed<number | null> {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^[1-9]\d*$/.test(text)) {
    return badRequest(`${field} must be a positive whole number.`);
  }
  const id = Number(text);
  return { ok: true, value: id <= MAX_SERIAL ? id : null };
}

export interface SyncQuery {
  since: number;
  limit: number;
}

/** `?since=<cursor>[&limit=N]`; `undefined` when there is no `since` (a plain list). */
export function parseSyncQuery(query: unknown): Parsed<SyncQuery | undefined> {
  const { since, limit } = (query ?? {}) as Record<string, unknown>;
  if (since === undefined) return { ok: true, value: undefined };
  if (typeof since !== 'string' || !/^\d{1,15}$/.test(since)) {
    return badRequest('since must be a cursor from a previous answer (a whole number, 0 for all).');
  }
  let pageSize = SYNC_PAGE_LIMIT;
  if (limit !== undefined) {
    if (typeof limit !== 'string' || !/^\d{1,9}$/.test(limit) || Number(limit) < 1) {
      return badRequest(`limit must be a whole number from 1 to ${SYNC_PAGE_LIMIT}.`);
    }
    pageSize = Math.min(Number(limit), SYNC_PAGE_LIMIT);
  }
  return { ok: true, value: { since: Number(since), limit: pageSize } };
}
