// The API, mounted under /nodejsapp/api and again under /api (the spec's two readings).
import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from '../admin/index';
import { openapiRoutes } from './openapi';
import { roleRoutes } from './role';
import { runtimeConfigRoutes } from './runtime-config';

export const apiRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.rateLimit());
  await app.register(runtimeConfigRoutes);
  await app.register(roleRoutes);
  await app.register(openapiRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
};
