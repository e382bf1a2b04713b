// GET /config (no token): the settings the app reads at start, so one build serves every
// deployment. In emulator mode the client points Firebase Auth at this origin.
import type { FastifyPluginAsync } from 'fastify';
import { EMULATOR_API_KEY, type Config } from '../../config';
import { RuntimeConfigSchema, type RuntimeConfig } from '../../../shared/entities';

export function runtimeConfig(config: Config): RuntimeConfig {
  const identity = config.identity;
  return {
    pharmacyName: config.pharmacyName,
    timeZone: config.timeZone,
    firebase:
      identity.mode === 'firebase'
        ? {
            apiKey: identity.apiKey,
            authDomain: identity.authDomain,
            projectId: identity.projectId,
          }
        : { apiKey: EMULATOR_API_KEY, authDomain: '127.0.0.1', projectId: identity.projectId },
    authEmulator: identity.mode === 'emulator',
    idempotencyKeyDays: config.idempotencyKeyDays,
    offlineTrustMs: config.offlineTrustMs,
    idleLockAfterMs: config.idleLockAfterMs,
    sessionMaxAgeMs: config.sessionMaxAgeMs,
  };
}

export const runtimeConfigRoutes: FastifyPluginAsync = async (app) => {
  const body = runtimeConfig(app.config);
  app.get(
    '/config',
    { schema: { response: { 200: RuntimeConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};
