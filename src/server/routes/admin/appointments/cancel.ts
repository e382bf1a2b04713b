// Cancellation by staff (spec section 4): scheduled → cancelled, under a row lock, idempotent by
// key. A repeat is a success with no effect; a completed appointment is a 409 carrying it as it
// is. The patient's email is queued in the same transaction as the change and the stored
// answer, so it goes exactly once per cancellation whatever the retries.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BOOKING_KINDS,
  CancelBodySchemas,
  CancelParamsSchema,
  CancelResponseSchema,
} from '../../../../shared/appointment-api';
import {
  APPOINTMENT_CANCELLED_KIND,
  appointmentCancelledEmail,
} from '../../../mail/appointment-cancelled-email';
import { errorResult, runIdempotent } from '../../../plugins/app/idempotency';
import { pharmacyContact } from '../../../plugins/app/mail-outbox';
import { BOOKINGS, cancelAppointment, findBookedAppointment } from '../../../repositories/appointments';
import { enqueueEmail } from '../../../repositories/email-outbox';
import { adminPath, recordId } from '../prescriptions/params';
import { actorOf } from '../prescriptions/status';

export const cancelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of BOOKING_KINDS) {
    const { key } = BOOKINGS[kind];
    app.put(
      adminPath(`/admin/appointments/cancel/${kind}/:id`),
      { schema: { params: CancelParamsSchema, body: CancelBodySchemas[kind], response: { 200: CancelResponseSchema } } },
      async (request, reply) => {
        const id = recordId(request.params.id);
        const bookingId = (request.body as Record<typeof key, number>)[key];
        return runIdempotent(request, reply, async (tx) => {
          const current = id === null ? undefined : await findBookedAppointment(tx, id, kind, { forUpdate: true });
          if (!current) return errorResult(404, 'not_found', `No ${kind} appointment ${request.params.id} was found.`);
          if (current[key] !== bookingId) {
            return errorResult(400, 'bad_request', `${key} ${bookingId} is not the booking of appointment ${id}.`);
          }
          const result = await cancelAppointment(tx, current, kind, actorOf(request));
          if (result.kind === 'forbidden') {
            return errorResult(409, 'conflict', `Appointment ${id} is completed; it cannot be cancelled.`, result.record);
          }
          if (result.kind !== 'cancelled' || !current.email) return { status: 200, body: result.record };
          const email = appointmentCancelledEmail({
            firstName: current.first_name ?? '',
            slots: result.slots,
            people: current.number_of_people,
            pharmacy: pharmacyContact(app.config),
          });
          await enqueueEmail(tx, { kind: APPOINTMENT_CANCELLED_KIND, to: current.email, subject: email.subject, text: email.text });
          return { status: 200, body: result.record, afterCommit: () => app.mailOutbox.nudge() };
        });
      },
    );
  }
};
