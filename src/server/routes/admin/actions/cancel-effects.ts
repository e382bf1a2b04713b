// The server's side of cancellation by staff (spec section 4): the appointment machine under a
// row lock. The patient's email is queued in the same transaction as the change and the stored
// answer, so it goes exactly once per cancellation whatever the retries.
import { anyAction, type ActionName } from '../../../../shared/actions/registry';
import type { BookingKind } from '../../../../shared/appointment-api';
import type { Appointment } from '../../../../shared/entities';
import { APPOINTMENT_CANCELLED_KIND, appointmentCancelledEmail } from '../../../mail/appointment-cancelled-email';
import { INVALID_EMAIL_CODE, invalidEmailMessage, recipientOf } from '../../../mail/recipient';
import { errorResult } from '../../../plugins/app/idempotency';
import { pharmacyContact } from '../../../plugins/app/mail-outbox';
import { BOOKINGS, cancelAppointment, findBookedAppointment } from '../../../repositories/appointments';
import { enqueueEmail } from '../../../repositories/email-outbox';
import { recordEffect, type ActionEffect } from './action-route';

function cancelEffect(action: ActionName, kind: BookingKind): ActionEffect {
  const { key } = BOOKINGS[kind];
  return recordEffect<Appointment>(anyAction(action), {
    load: (tx, id) => findBookedAppointment(tx, id, kind, { forUpdate: true }),
    notFound: (args) => `No ${kind} appointment ${args.params.id} was found.`,
    precheck: (current, args) => {
      const bookingId = (args.body as Record<typeof key, number>)[key];
      return current[key] === bookingId
        ? null
        : errorResult(400, 'bad_request', `${key} ${bookingId} is not the booking of appointment ${current.appointment_id}.`);
    },
    change: async (tx, current, _args, { app, actor }) => {
      const to = recipientOf(current.email);
      if (to.kind === 'invalid') return errorResult(422, INVALID_EMAIL_CODE, invalidEmailMessage('email'));
      const { record, slots } = await cancelAppointment(tx, current, kind, actor);
      if (to.kind === 'none') return { status: 200, body: record };
      const email = appointmentCancelledEmail({
        firstName: current.first_name ?? '',
        slots,
        people: current.number_of_people,
        pharmacy: pharmacyContact(app.config),
      });
      await enqueueEmail(tx, { kind: APPOINTMENT_CANCELLED_KIND, to: to.address, subject: email.subject, text: email.text });
      return { status: 200, body: record, afterCommit: () => app.mailOutbox.nudge() };
    },
  });
}

export const CANCEL_EFFECTS = {
  'vaccine-cancel': cancelEffect('vaccine-cancel', 'vaccine'),
  'consultation-cancel': cancelEffect('consultation-cancel', 'consultation'),
} satisfies Record<string, ActionEffect>;
