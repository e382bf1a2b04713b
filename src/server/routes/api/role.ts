// GET /role (any signed-in user): the caller's role, decided by the server. The app's guard
// lets only 'admin' in; an admin's call also records the staff member as seen, and answers their
// name (issue 19) for the app to show.
import type { FastifyPluginAsync } from 'fastify';
import { recordStaffVisit } from '../../auth/staff';
import { RoleResponseSchema, type RoleResponse } from '../../../shared/entities';

export const roleRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/role',
    { onRequest: app.authenticate, schema: { response: { 200: RoleResponseSchema } } },
    async (request, reply): Promise<RoleResponse> => {
      if (request.user.role === 'admin') await recordStaffVisit(app.db, request.user);
      reply.header('cache-control', 'no-store');
      const { role, name } = request.user;
      return role === 'admin' && name !== null ? { role, name } : { role };
    },
  );
};
