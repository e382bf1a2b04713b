// GET /healthz (outside the API base, no token): 200 once the database and the identity
// service both answer, 503 otherwise. Load balancers and `npm start`'s callers poll it.
import type { FastifyPluginAsync } from 'fastify';
import { identityReachable } from '../identity/identity-health';

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

  app.get('/healthz', async (_request, reply) => {
    const [database, identity] = await Promise.all([
      app.db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      identityUp(),
    ]);
    reply.header('cache-control', 'no-store');
    if (database && identity) return { status: 'ok' };
    return reply.code(503).send({
      status: 'unavailable',
      database: database ? 'ok' : 'down',
      identity: identity ? 'ok' : 'down',
    });
  });
};
