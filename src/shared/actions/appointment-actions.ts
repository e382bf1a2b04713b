// The appointment actions (spec sections 4 and 7): cancellation by staff, one route per booking
// kind, drawn from the appointment machine; and blocking or unblocking a range of the calendar,
// which the server alone can decide (it checks every booking), so it is never queued.
import {
  BlockRangeResponseSchema,
  CancelBodySchemas,
  CancelParamsSchema,
  CancelResponseSchema,
  RangeBodySchema,
  UnblockRangeResponseSchema,
  type BookingKind,
} from '../appointment-api';
import type { Appointment } from '../entities';
import { CHANGE, NOOP, defineAction, forbidden, type ActionStep } from './define';

export const CANCEL_LABEL = 'Cancel Appointment';

/**
 * The appointment machine: scheduled → cancelled by staff. Cancelling a cancelled appointment is
 * a repeat (no effect); a completed one, or a blocked slot, cannot be cancelled.
 */
export function cancelStep(appointment: Pick<Appointment, 'appointment_id' | 'appointment_type' | 'status'>): ActionStep {
  if (appointment.appointment_type === 'Blocked') return forbidden('A blocked time slot cannot be cancelled; unblock it instead.');
  if (appointment.status === 'cancelled') return NOOP;
  if (appointment.status === 'completed') {
    return forbidden(`Appointment ${appointment.appointment_id} is completed; it cannot be cancelled.`);
  }
  return CHANGE;
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object';

/** PUT /admin/appointments/cancel/{vaccine|consultation}/{id} with the booking's id in the body. */
function cancelAction<N extends string, K extends BookingKind>(name: N, kind: K) {
  return defineAction({
    name,
    method: 'PUT',
    route: `/admin/appointments/cancel/${kind}/:id`,
    params: CancelParamsSchema,
    body: CancelBodySchemas[kind],
    answer: CancelResponseSchema,
    label: () => CANCEL_LABEL,
    record: {
      collection: 'appointments',
      key: (args) => Number(args.params.id),
      check: (appointment) => cancelStep(appointment),
      apply: (appointment) => ({ ...appointment, status: 'cancelled' }),
      fromAnswer: (answer) => (isRecord(answer) ? (answer as Appointment) : null),
    },
  });
}

export const vaccineCancel = cancelAction('vaccine-cancel', 'vaccine');
export const consultationCancel = cancelAction('consultation-cancel', 'consultation');

export const blockRange = defineAction({
  name: 'availability-block',
  method: 'POST',
  route: '/admin/appointments/block-range',
  params: undefined,
  body: RangeBodySchema,
  answer: BlockRangeResponseSchema,
  label: () => 'Finalize Availabilities',
});

export const unblockRange = defineAction({
  name: 'availability-unblock',
  method: 'POST',
  route: '/admin/appointments/unblock-range',
  params: undefined,
  body: RangeBodySchema,
  answer: UnblockRangeResponseSchema,
  label: () => 'Unblock Availabilities',
});
