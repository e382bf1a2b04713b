// The appointment reads of spec section 7 beyond the cached list: the calendar's light list, the
// details modal's info and a vaccine booking's members. The app itself reads all of this from
// its cache (the cached list carries it), so these answer other clients and the spec's contract;
// each read is recorded in the access log (a view, or the list with its count).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AppointmentSlotSchema,
  ModalInfoParamsSchema,
  ModalInfoSchema,
  VaccinationMembersParamsSchema,
  type AppointmentSlot,
  type BookingKind,
  type ModalInfo,
} from '../../../shared/appointment-api';
import { VaccinationMemberSchema, type Appointment } from '../../../shared/entities';
import { HttpError } from '../../errors';
import {
  APPOINTMENT_SLOT_LIST,
  NOT_CANCELLED,
  bookingMembers,
  findBookedAppointment,
} from '../../repositories/appointments';
import { listRecords } from '../../repositories/synced-list';
import { recordAccess } from './access';
import { adminPath, recordId } from './support';

function modalInfo(appointment: Appointment): ModalInfo {
  return {
    vaccine_type: appointment.vaccine,
    consultation_type: appointment.consultation,
    first_name: appointment.first_name ?? '',
    last_name: appointment.last_name ?? '',
    phone_number: appointment.phone_number,
    email: appointment.email,
    date_of_birth: appointment.date_of_birth,
    address: appointment.address,
    city: appointment.city,
    province: appointment.province,
    number_of_people: appointment.number_of_people,
    vaccine_id: appointment.vaccine_id,
  };
}

export const appointmentReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPath('/admin/appointments'),
    { schema: { response: { 200: Type.Array(AppointmentSlotSchema) } } },
    async (request) => {
      const slots = await listRecords<AppointmentSlot>(app.db, APPOINTMENT_SLOT_LIST, NOT_CANCELLED);
      await recordAccess(app.db, request, { action: 'download', collection: 'appointments', detail: { count: slots.length } });
      return slots;
    },
  );

  app.get(
    adminPath('/admin/appointments/modal-info/:appointmentId/:type'),
    { schema: { params: ModalInfoParamsSchema, response: { 200: Type.Array(ModalInfoSchema) } } },
    async (request) => {
      const kind = request.params.type.toLowerCase() as BookingKind;
      const id = recordId(request.params.appointmentId);
      const appointment = id === null ? undefined : await findBookedAppointment(app.db, id, kind);
      if (!appointment) {
        throw new HttpError(404, 'not_found', `No ${kind} appointment ${request.params.appointmentId} was found.`);
      }
      await recordAccess(app.db, request, { action: 'view', collection: 'appointments', record_id: id, patient: appointment });
      return [modalInfo(appointment)];
    },
  );

  app.get(
    adminPath('/admin/vaccination-members/:vaccine_id'),
    { schema: { params: VaccinationMembersParamsSchema, response: { 200: Type.Array(VaccinationMemberSchema) } } },
    async (request) => {
      const id = recordId(request.params.vaccine_id);
      const members = id === null ? undefined : await bookingMembers(app.db, id);
      if (!members) throw new HttpError(404, 'not_found', `Vaccine booking ${request.params.vaccine_id} was not found.`);
      await recordAccess(app.db, request, { action: 'view', detail: { vaccine_booking: id, members: members.length } });
      return members;
    },
  );
};
