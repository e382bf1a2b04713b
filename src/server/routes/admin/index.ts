// Everything under /admin, in one encapsulated scope whose onRequest hook is the admin guard:
// a route added here cannot forget it, and no body is parsed before the caller is known.
import type { FastifyPluginAsync } from 'fastify';
import { prescriptionRoutes } from './prescriptions/index';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(prescriptionRoutes);
};
