// Request and response shapes of the prescription calls beyond the entities themselves
// (spec section 7): path parameters, the refill-type status body, the notify body and answer.
// The server validates requests with these schemas; a field's `description` completes the 400's
// sentence "<field> must be <description>.".
import Type, { type Static } from 'typebox';
import type { PrescriptionCollectionName, StatusKind } from './collections';
import { RequestStatusSchema, TransferSchema } from './entities';
import { TRANSFER_ACTIONS } from './request-status';

const POSITIVE_WHOLE_NUMBER = 'a positive whole number';

/** A record id in a path: digits only, no sign, no leading zero. */
export const RecordIdParamSchema = Type.String({ pattern: '^[1-9][0-9]*$', description: POSITIVE_WHOLE_NUMBER });

/** Path of `PUT /admin/transfers/{action}/{transfer_id}`. */
export const TransferActionParamsSchema = Type.Object({
  action: Type.Enum(TRANSFER_ACTIONS),
  transfer_id: RecordIdParamSchema,
});

/** Path of `PUT /admin/{kind}/status/{id}` (one route per kind). */
export const StatusParamsSchema = Type.Object({ id: RecordIdParamSchema });

/** Body of `PUT /admin/{kind}/status/{id}`. */
export const StatusUpdateBodySchema = Type.Object({ status: RequestStatusSchema });
export type StatusUpdateBody = Static<typeof StatusUpdateBodySchema>;

/**
 * Body of `PUT /admin/prescription-request-notify/transfer`. The app sends the whole transfer;
 * the server reads only its id (and the transfer itself from the database).
 */
export const NotifyBodySchema = Type.Object({
  transfer_id: Type.Integer({ minimum: 1, description: POSITIVE_WHOLE_NUMBER }),
});

/** Which list a `{kind}` of `PUT /admin/{kind}/status/{id}` changes. */
export const STATUS_KIND_COLLECTION: Record<StatusKind, PrescriptionCollectionName> = {
  Renewals: 'refills',
  Service: 'autofill',
  Reminders: 'reminders',
};

/**
 * 200 answer of `PUT /admin/prescription-request-notify/transfer`: the email is queued in the
 * server's outbox (delivered by its worker, with retries), `record` is the transfer as it is.
 */
export const NotifyResponseSchema = Type.Object({
  transfer_id: Type.Integer(),
  queued: Type.Literal(true),
  record: TransferSchema,
});
export type NotifyResponse = Static<typeof NotifyResponseSchema>;

/** What the server accepts as an `Idempotency-Key` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
/** Response header set on a replayed (stored) answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
