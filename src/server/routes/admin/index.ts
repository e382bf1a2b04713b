// Everything under /admin, in one encapsulated scope whose onRequest hook is the admin guard:
// a route added here cannot forget it, and no body is parsed before the caller is known.
import type { FastifyPluginAsync } from 'fastify';
import { appointmentRoutes } from './appointments/index';
import { changeStreamRoutes } from './changes';
import { inquiryRoutes } from './inquiries/index';
import { listRoutes } from './lists';
import { prescriptionRoutes } from './prescriptions/index';
import { widgetRoutes } from './widgets';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  // Patient data must never sit in an HTTP cache (browser, proxy). onSend runs for every answer
  // of this scope, refusals and errors of earlier hooks (401, 429) included.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  app.addHook('onRequest', app.requireAdmin);
  await app.register(listRoutes);
  await app.register(prescriptionRoutes);
  await app.register(appointmentRoutes);
  await app.register(inquiryRoutes);
  await app.register(widgetRoutes);
  await app.register(changeStreamRoutes);
};
