// The prescription-request API (spec section 7), mounted inside the admin scope, which has
// already authenticated the caller as an admin.
import type { FastifyPluginAsync } from 'fastify';
import { prescriptionNotifyRoutes } from './notify';
import { prescriptionStatusRoutes } from './status';

export const prescriptionRoutes: FastifyPluginAsync = async (app) => {
  await app.register(prescriptionStatusRoutes);
  await app.register(prescriptionNotifyRoutes);
};
