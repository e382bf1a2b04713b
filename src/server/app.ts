// The Fastify application: external plugins (host check, database, auth, headers, rate limit,
// identity proxy, static app), then app plugins, then routes. `npm start` and the tests both
// build it here.
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { API_ALIAS_BASE, API_BASE } from '../shared/constants';
import type { Config, TrustProxy } from './config';
import type { Db } from './db/client';
import { registerErrorHandling } from './errors';
import type { IdentityAdmin } from './identity/firebase-admin';
import { createLogger, RequestLogController } from './logging';
import { changeFeedPlugin } from './plugins/app/change-feed';
import { presencePlugin } from './plugins/app/presence';
import { drainPlugin } from './plugins/app/drain';
import { mailOutboxPlugin } from './plugins/app/mail-outbox';
import { authPlugin } from './plugins/external/auth';
import { dbPlugin } from './plugins/external/db';
import { hostCheckPlugin } from './plugins/external/host-check';
import { identityProxyPlugin } from './plugins/external/identity-proxy';
import { metricsPlugin } from './plugins/external/metrics';
import { openapiPlugin } from './plugins/external/openapi';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { staticAppPlugin } from './plugins/external/static-app';
import { apiRoutes } from './routes/api/index';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';
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

/** Fastify takes a hop count too, but its types do not say so: the function it would build. */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: createLogger(config, deps.logStream) as FastifyBaseLogger,
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    // Behind a reverse proxy, request.ip (rate-limit buckets, log lines) is the client's address
    // from X-Forwarded-For, but only when the proxy is trusted: anyone can write that header.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Route schemas (src/shared) check input as sent: "12" is not a number, ["active"] is not a
    // status. Path and query values are strings, and their schemas say so.
    ajv: { customOptions: { coerceTypes: false } },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorate('config', config);
  registerErrorHandling(app);
  allowEmptyJson(app);

  // First of all hooks: in emulator mode a request for another host meets no other code.
  await app.register(hostCheckPlugin);
  await app.register(metricsPlugin);
  await app.register(dbPlugin, { db: deps.db });
  await app.register(authPlugin, { identityAdmin: deps.identityAdmin });
  // Before any route: the API description is gathered as routes register.
  await app.register(openapiPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);
  await app.register(identityProxyPlugin);
  await app.register(staticAppPlugin);

  await app.register(drainPlugin);
  await app.register(mailOutboxPlugin);
  await app.register(changeFeedPlugin);
  await app.register(presencePlugin);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(apiRoutes, { prefix: API_BASE });
  await app.register(apiRoutes, { prefix: API_ALIAS_BASE });
  return app;
}
