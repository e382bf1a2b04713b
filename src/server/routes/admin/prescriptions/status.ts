// Status changes (spec section 4): the transfer actions and the refill-type status updates, both
// through the shared state machine, under a row lock, idempotent by key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { PrescriptionCollectionName as CollectionName } from '../../../../shared/collections';
import { COLLECTIONS } from '../../../../shared/collections';
import {
  STATUS_KIND_COLLECTION,
  StatusParamsSchema,
  StatusUpdateBodySchema,
  TransferActionParamsSchema,
} from '../../../../shared/prescription-api';
import {
  transferTransition,
  transition,
  type RequestStatus,
  type TransitionResult,
} from '../../../../shared/request-status';
import { errorResult, runIdempotent, type IdempotentResult } from '../../../plugins/app/idempotency';
import { changeStatus, PRESCRIPTION_TABLES, type Actor } from '../../../repositories/prescription-requests';
import type { Sql } from '../../../db/client';
import { adminPath, badRequest, recordId } from './params';

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

export function actorOf(request: FastifyRequest): Actor {
  const key = request.headers['idempotency-key'];
  return { uid: request.user.uid, idempotencyKey: typeof key === 'string' ? key : null };
}

export const prescriptionStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    adminPath(`${COLLECTIONS.transfers.path}/:action/:transfer_id`),
    { schema: { params: TransferActionParamsSchema, response: { 200: PRESCRIPTION_TABLES.transfers.schema } } },
    async (request, reply) => {
      const { action } = request.params;
      const id = recordId(request.params.transfer_id);
      return runIdempotent(request, reply, (tx) =>
        applyChange(tx, 'transfers', id, (from) => transferTransition(from, action), actorOf(request)),
      );
    },
  );

  // One static route per kind, so each answers with its own record schema.
  for (const [kind, name] of Object.entries(STATUS_KIND_COLLECTION)) {
    app.put(
      adminPath(`/admin/${kind}/status/:id`),
      {
        schema: {
          params: StatusParamsSchema,
          body: StatusUpdateBodySchema,
          response: { 200: PRESCRIPTION_TABLES[name].schema },
        },
      },
      async (request, reply) => {
        const id = recordId(request.params.id);
        const { status } = request.body;
        return runIdempotent(request, reply, (tx) =>
          applyChange(tx, name, id, (from) => transition(from, status), actorOf(request)),
        );
      },
    );
  }
  app.put(adminPath('/admin/:kind/status/:id'), async (_request, reply) =>
    badRequest(reply, `kind must be one of ${Object.keys(STATUS_KIND_COLLECTION).join(', ')}.`),
  );
};
