// Status changes (spec section 4): the transfer actions and the refill-type status updates, both
// through the shared state machine, under a row lock, idempotent by key.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CollectionName } from '../../../../shared/collections';
import { COLLECTIONS } from '../../../../shared/collections';
import { STATUS_KIND_COLLECTION } from '../../../../shared/prescription-api';
import {
  REQUEST_STATUSES,
  TRANSFER_ACTIONS,
  isRequestStatus,
  transferTransition,
  transition,
  type RequestStatus,
  type TransitionResult,
  type TransferAction,
} from '../../../../shared/request-status';
import { errorResult, runIdempotent, type IdempotentResult } from '../../../plugins/app/idempotency';
import { changeStatus, PRESCRIPTION_TABLES, type Actor } from '../../../repositories/prescription-requests';
import type { Sql } from '../../../db/client';
import { adminPath, badRequest, fail, parseId, type Parsed } from './params';

const LABEL: Record<CollectionName, string> = {
  transfers: 'Transfer',
  refills: 'Refill request',
  autofill: 'Autofill enrolment',
  reminders: 'Refill reminder enrolment',
  newPrescriptions: 'Prescription',
};

async function applyChange(
  tx: Sql,
  name: CollectionName,
  id: number | null,
  decide: (from: RequestStatus) => TransitionResult,
  actor: Actor,
): Promise<IdempotentResult> {
  // id null: a valid number beyond any key, so nothing to look up.
  const result =
    id === null ? ({ kind: 'not_found' } as const) : await changeStatus(tx, name, id, decide, actor);
  switch (result.kind) {
    case 'not_found':
      return errorResult(404, 'not_found', id === null ? `${LABEL[name]} was not found.` : `${LABEL[name]} ${id} was not found.`);
    case 'forbidden':
      return errorResult(
        409,
        'conflict',
        `${LABEL[name]} is ${result.from}; it cannot be changed to ${result.to}.`,
        result.record,
      );
    default:
      return { status: 200, body: result.record };
  }
}

function actorOf(request: FastifyRequest): Actor {
  const key = request.headers['idempotency-key'];
  return { uid: request.user.uid, idempotencyKey: typeof key === 'string' ? key : null };
}

function parseAction(raw: unknown): Parsed<TransferAction> {
  return (TRANSFER_ACTIONS as readonly unknown[]).includes(raw)
    ? { ok: true, value: raw as TransferAction }
    : badRequest(`action must be one of ${TRANSFER_ACTIONS.join(', ')}.`);
}

function parseStatusBody(body: unknown): Parsed<RequestStatus> {
  const status = body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined;
  return isRequestStatus(status)
    ? { ok: true, value: status }
    : badRequest(`status must be one of ${REQUEST_STATUSES.join(', ')}.`);
}

export const prescriptionStatusRoutes: FastifyPluginAsync = async (app) => {
  app.put(
    adminPath(`${COLLECTIONS.transfers.path}/:action/:transfer_id`),
    { schema: { response: { 200: PRESCRIPTION_TABLES.transfers.schema } } },
    async (request, reply) => {
      const params = request.params as Record<string, string>;
      const action = parseAction(params.action);
      if (!action.ok) return fail(reply, action);
      const id = parseId('transfer_id', params.transfer_id);
      if (!id.ok) return fail(reply, id);
      return runIdempotent(request, reply, (tx) =>
        applyChange(tx, 'transfers', id.value, (from) => transferTransition(from, action.value), actorOf(request)),
      );
    },
  );

  // One static route per kind, so each answers with its own record schema.
  for (const [kind, name] of Object.entries(STATUS_KIND_COLLECTION)) {
    app.put(
      adminPath(`/admin/${kind}/status/:id`),
      { schema: { response: { 200: PRESCRIPTION_TABLES[name].schema } } },
      async (request, reply) => {
        const id = parseId('id', (request.params as Record<string, string>).id);
        if (!id.ok) return fail(reply, id);
        const status = parseStatusBody(request.body);
        if (!status.ok) return fail(reply, status);
        return runIdempotent(request, reply, (tx) =>
          applyChange(tx, name, id.value, (from) => transition(from, status.value), actorOf(request)),
        );
      },
    );
  }
  app.put(adminPath('/admin/:kind/status/:id'), async (_request, reply) =>
    fail(reply, badRequest(`kind must be one of ${Object.keys(STATUS_KIND_COLLECTION).join(', ')}.`)),
  );
};
