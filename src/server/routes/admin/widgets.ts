// The dashboard widgets of spec section 7: 'Prescription Requests' and 'Upcoming'. The app draws
// its dashboard from its cached lists (so it works offline); these answer the spec's contract.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppointmentWidgetItemSchema, PrescriptionWidgetItemSchema } from '../../../shared/inquiry-api';
import { appointmentWidget, prescriptionWidget } from '../../repositories/widgets';
import { adminPath } from './prescriptions/params';

export const widgetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPath('/admin/prescriptions-widget'),
    { schema: { response: { 200: Type.Array(PrescriptionWidgetItemSchema) } } },
    async () => prescriptionWidget(app.db),
  );
  app.get(
    adminPath('/admin/appointments-widget'),
    { schema: { response: { 200: Type.Array(AppointmentWidgetItemSchema) } } },
    async () => appointmentWidget(app.db, new Date(), app.config.timeZone),
  );
};
