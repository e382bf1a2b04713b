// The Fastify application: external plugins (database, auth, headers, rate limit, identity
// proxy, static app), then app plugins, then routes. `npm start` and the tests both build it here.
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { API_ALIAS_BASE, API_BASE } from '../shared/constants';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerErrorHandling } from './errors';
import type { IdentityAdmin } from './identity/firebase-admin';
import { createLogger, RequestLogController } from './logging';
import { mailOutboxPlugin } from './plugins/app/mail-outbox';
import { authPlugin } from './plugins/external/auth';
import { dbPlugin } from './plugins/external/db';
import { identityProxyPlugin } from './plugins/external/identity-proxy';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { staticAppPlugin } from './plugins/external/static-app';
import { apiRoutes } from './routes/api/index';
import { healthRoutes } from './routes/health';
import './types';

export interface AppDeps {
  /** An open, migrated database; otherwise the app opens (and later closes) its own. */
  db?: Db;
  /** firebase-admin for the identity service; otherwise created from the config. */
  identityAdmin?: IdentityAdmin;
  /** Where the logs go (tests capture them); stdout otherwise. */
  logStream?: DestinationStream;
  /** Told of every route as it is registered (the role-matrix test collects them). */
  onRoute?: (route: RouteOptions) => void;
}

/** The spec's clients send `Content-Type: application/json` on body-less PUTs too. */
function allowEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = body.toString();
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: createLogger(config, deps.logStream) as FastifyBaseLogger,
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorate('config', config);
  registerErrorHandling(app);
  allowEmptyJson(app);

  await app.register(dbPlugin, { db: deps.db });
  await app.register(authPlugin, { identityAdmin: deps.identityAdmin });
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);
  await app.register(identityProxyPlugin);
  await app.register(staticAppPlugin);

  await app.register(mailOutboxPlugin);

  await app.register(healthRoutes);
  await app.register(apiRoutes, { prefix: API_BASE });
  await app.register(apiRoutes, { prefix: API_ALIAS_BASE });
  return app;
}
