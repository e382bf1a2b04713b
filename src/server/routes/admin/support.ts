// What every admin route uses: spec paths relative to the admin scope, record ids from validated
// input, a 400 answered before anything runs, and who is asking (for the audit trail).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffWords } from '../../auth/staff-name';
import { errorResult } from '../../plugins/app/idempotency';
import type { Actor } from '../../repositories/actor';

/** The admin scope (routes/admin/index.ts) is mounted at this prefix; the spec's paths include it. */
const ADMIN_PREFIX = '/admin';

/** A spec path such as `/admin/transfers`, relative to the admin scope. */
export function adminPath(specPath: string): string {
  if (!specPath.startsWith(`${ADMIN_PREFIX}/`)) throw new Error(`${specPath} is not an admin path`);
  return specPath.slice(ADMIN_PREFIX.length);
}

/** Largest value of a `serial` key: a bigger id cannot exist (and must not reach the query). */
const MAX_SERIAL = 2_147_483_647;

/** A record id its route schema accepted; `null` when it is beyond any key (it cannot exist). */
export function recordId(valid: string | number): number | null {
  const id = Number(valid);
  return id <= MAX_SERIAL ? id : null;
}

/** Answers 400 bad_request with this message. */
export function badRequest(reply: FastifyReply, message: string): FastifyReply {
  const { status, body } = errorResult(400, 'bad_request', message);
  return reply.code(status).send(body);
}

/** The caller of an admin route and the Idempotency-Key of their change. */
export function actorOf(request: FastifyRequest): Actor {
  const key = request.headers['idempotency-key'];
  return { uid: request.user.uid, name: staffWords(request.user), idempotencyKey: typeof key === 'string' ? key : null };
}
