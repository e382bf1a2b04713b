// GET /healthz (outside the API base, no token): 200 once the database and the identity
// service both answer, 503 otherwise, and 503 from the start of a clean stop (the instance is
// draining: a proxy sends new work elsewhere). Load balancers and `npm start`'s callers poll it.
import type { FastifyPluginAsync } from 'fastify';
import { identityReachable } from '../identity/identity-health';

const DATABASE_CHECK_MS = 2000;

export const healthRoutes: FastifyPluginAsync = async (app) => {
  // A real project is checked against Google at most every 30 s; the local emulator each time.
  const identityTtlMs = app.config.identity.mode === 'firebase' ? 30_000 : 0;
  let identityOkAt = -Infinity;
  const identityUp = async () => {
    if (Date.now() - identityOkAt < identityTtlMs) return true;
    const up = await identityReachable(app.config.identity);
    if (up) identityOkAt = Date.now();
    return up;
  };

  // A database out of reach may leave a connection attempt hanging: down, if no answer soon.
  const databaseUp = () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, DATABASE_CHECK_MS, false)));
    const answered = app.db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    return Promise.race([answered, late]).finally(() => clearTimeout(timer));
  };

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.drain.active) return reply.code(503).send({ status: 'draining' });
    const [database, identity] = await Promise.all([databaseUp(), identityUp()]);
    if (database && identity) return { status: 'ok' };
    return reply.code(503).send({
      status: 'unavailable',
      database: database ? 'ok' : 'down',
      identity: identity ? 'ok' : 'down',
    });
  });
};
