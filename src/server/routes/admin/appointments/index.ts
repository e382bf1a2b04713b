// The appointment API (spec section 7), mounted inside the admin scope, which has already
// authenticated the caller as an admin. The cached list itself (GET /admin/appointments-bookings)
// is one of the synced lists (../lists.ts).
import type { FastifyPluginAsync } from 'fastify';
import { availabilityRoutes } from './availability';
import { cancelRoutes } from './cancel';
import { appointmentReadRoutes } from './read';

export const appointmentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(appointmentReadRoutes);
  await app.register(cancelRoutes);
  await app.register(availabilityRoutes);
};
