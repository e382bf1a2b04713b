// Request and response shapes of the prescription calls beyond the entities themselves
// (spec section 7): the refill-type status body and the notify answer.
import Type, { type Static } from 'typebox';
import type { CollectionName, StatusKind } from './collections';
import { RequestStatusSchema, TransferSchema } from './entities';

/** Body of `PUT /admin/{kind}/status/{id}`. */
export const StatusUpdateBodySchema = Type.Object({ status: RequestStatusSchema });
export type StatusUpdateBody = Static<typeof StatusUpdateBodySchema>;

/** Which list a `{kind}` of `PUT /admin/{kind}/status/{id}` changes. */
export const STATUS_KIND_COLLECTION: Record<StatusKind, CollectionName> = {
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
