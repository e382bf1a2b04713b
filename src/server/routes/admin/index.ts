// Everything under /admin, in one encapsulated scope whose onRequest hook is the admin guard:
// a route added here cannot forget it, and no body is parsed before the caller is known.
import type { FastifyPluginAsync } from 'fastify';
import { noteStaffName } from '../../auth/staff';
import { accessLogRoutes } from './access-log';
import { actionRoutes } from './actions/index';
import { appointmentReadRoutes } from './appointment-reads';
import { changeStreamRoutes } from './changes';
import { inquiryReadRoutes } from './inquiry-reads';
import { listRoutes } from './lists';
import { presenceRoutes } from './presence';
import { recordHistoryRoutes } from './record-history';
import { widgetRoutes } from './widgets';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  // Patient data must never sit in an HTTP cache (browser, proxy). onSend runs for every answer
  // of this scope, refusals and errors of earlier hooks (401, 429) included.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  app.addHook('onRequest', app.requireAdmin);
  // The caller's name, as staff.name keeps it for the audit tables (issue 19): a write only when
  // this process first sees them or their name has changed.
  app.addHook('onRequest', async (request) => {
    noteStaffName(app.db, request.user, (error) => request.log.warn({ err: error }, 'recording the staff name failed'));
  });
  await app.register(listRoutes);
  await app.register(appointmentReadRoutes);
  await app.register(inquiryReadRoutes);
  await app.register(actionRoutes);
  await app.register(widgetRoutes);
  await app.register(changeStreamRoutes);
  await app.register(presenceRoutes);
  await app.register(accessLogRoutes);
  await app.register(recordHistoryRoutes);
};
