// The dashboard widgets of spec section 7: 'Prescription Requests' and 'Upcoming'. The app draws
// its dashboard from its cached lists (so it works offline); these answer the spec's contract, and
// each answer is recorded in the access log as a list shown, with its count.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppointmentWidgetItemSchema, PrescriptionWidgetItemSchema } from '../../../shared/inquiry-api';
import { appointmentWidget, prescriptionWidget } from '../../repositories/widgets';
import { recordAccess } from './access';
import { adminPath } from './support';

export const widgetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPath('/admin/prescriptions-widget'),
    { schema: { response: { 200: Type.Array(PrescriptionWidgetItemSchema) } } },
    async (request) => {
      const items = await prescriptionWidget(app.db);
      await recordAccess(app.db, request, { action: 'list', detail: { widget: 'prescriptions', count: items.length } });
      return items;
    },
  );
  app.get(
    adminPath('/admin/appointments-widget'),
    { schema: { response: { 200: Type.Array(AppointmentWidgetItemSchema) } } },
    async (request) => {
      const items = await appointmentWidget(app.db, new Date(), app.config.timeZone);
      await recordAccess(app.db, request, { action: 'list', detail: { widget: 'appointments', count: items.length } });
      return items;
    },
  );
};
