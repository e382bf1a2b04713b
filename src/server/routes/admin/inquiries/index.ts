// Patients and inquiries beyond their cached lists (spec section 7): one patient, one inquiry,
// and the inquiry machine's three actions (spec section 4), each one atomic step under a row
// lock, idempotent by key. A reply is emailed to the person who asked through the outbox, queued
// in the same transaction as the change and the stored answer: one email per reply, whatever the
// retries.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { InquirySchema, UserSchema, type Inquiry, type User } from '../../../../shared/entities';
import {
  InquiryActionParamsSchema,
  InquiryActionResponseSchema,
  InquiryParamsSchema,
  ReplyBodySchema,
  ReplyResponseSchema,
  UserParamsSchema,
  inquiryConflictMessage,
  inquiryNotFoundMessage,
  replyProblem,
  userNotFoundMessage,
  type InquiryAction,
  type ReplyResponse,
} from '../../../../shared/inquiry-api';
import { HttpError } from '../../../errors';
import { INQUIRY_REPLY_KIND, inquiryReplyEmail } from '../../../mail/inquiry-reply-email';
import { errorResult, runIdempotent, type IdempotentResult } from '../../../plugins/app/idempotency';
import { pharmacyContact } from '../../../plugins/app/mail-outbox';
import { enqueueEmail } from '../../../repositories/email-outbox';
import { changeInquiry, INQUIRY_LIST, replyAddress } from '../../../repositories/inquiries';
import type { Actor } from '../../../repositories/prescription-requests';
import { findRecord } from '../../../repositories/synced-list';
import { USER_LIST } from '../../../repositories/users';
import type { Sql } from '../../../db/client';
import { adminPath, badRequest, recordId } from '../prescriptions/params';
import { actorOf } from '../prescriptions/status';

type Outcome =
  | { kind: 'done'; record: Inquiry; changed: boolean }
  | { kind: 'refused'; result: IdempotentResult };

/** One action of the machine; a refusal is the answer to give (404, or 409 with the inquiry). */
async function act(
  tx: Sql,
  rawId: string,
  action: InquiryAction,
  actor: Actor,
  replyText?: string,
): Promise<Outcome> {
  const id = recordId(rawId);
  const change = id === null ? ({ kind: 'not_found' } as const) : await changeInquiry(tx, id, action, actor, replyText);
  switch (change.kind) {
    case 'not_found':
      return { kind: 'refused', result: errorResult(404, 'not_found', inquiryNotFoundMessage(rawId)) };
    case 'forbidden':
      return {
        kind: 'refused',
        result: errorResult(409, 'conflict', inquiryConflictMessage(change.record.message_id, action), change.record),
      };
    default:
      return { kind: 'done', record: change.record, changed: change.kind === 'changed' };
  }
}

export const inquiryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPath('/admin/users/:userId'),
    { schema: { params: UserParamsSchema, response: { 200: Type.Array(UserSchema) } } },
    async (request) => {
      const id = recordId(request.params.userId);
      const user = id === null ? undefined : await findRecord<User>(app.db, USER_LIST, id);
      if (!user) throw new HttpError(404, 'not_found', userNotFoundMessage(request.params.userId));
      return [user];
    },
  );

  app.get(
    adminPath('/admin/inquiries/:messageId'),
    { schema: { params: InquiryParamsSchema, response: { 200: Type.Array(InquirySchema) } } },
    async (request) => {
      const id = recordId(request.params.messageId);
      const inquiry = id === null ? undefined : await findRecord<Inquiry>(app.db, INQUIRY_LIST, id);
      if (!inquiry) throw new HttpError(404, 'not_found', inquiryNotFoundMessage(request.params.messageId));
      return [inquiry];
    },
  );

  for (const action of ['resolve', 'unresolve'] as const) {
    app.put(
      adminPath(`/admin/messages/:message_id/${action}`),
      { schema: { params: InquiryActionParamsSchema, response: { 200: InquiryActionResponseSchema } } },
      async (request, reply) =>
        runIdempotent(request, reply, async (tx) => {
          const outcome = await act(tx, request.params.message_id, action, actorOf(request));
          return outcome.kind === 'refused' ? outcome.result : { status: 200, body: outcome.record };
        }),
    );
  }

  app.put(
    adminPath('/admin/messages/:message_id/reply'),
    { schema: { params: InquiryActionParamsSchema, body: ReplyBodySchema, response: { 200: ReplyResponseSchema } } },
    async (request, reply) => {
      const text = request.body.reply;
      const problem = replyProblem(text);
      if (problem) return badRequest(reply, problem);
      return runIdempotent(request, reply, async (tx) => {
        const outcome = await act(tx, request.params.message_id, 'reply', actorOf(request), text);
        if (outcome.kind === 'refused') return outcome.result;
        const { record } = outcome;
        // Replying is never a repeat (a replied inquiry is a 409), so the change happened here.
        const to = await replyAddress(tx, record);
        if (to) {
          const email = inquiryReplyEmail({
            firstName: record.first_name,
            question: record.message,
            reply: record.reply ?? '',
            pharmacy: pharmacyContact(app.config),
          });
          await enqueueEmail(tx, { kind: INQUIRY_REPLY_KIND, to, subject: email.subject, text: email.text });
        }
        const body: ReplyResponse = { message_id: record.message_id, emailed: to !== null, record };
        return { status: 200, body, afterCommit: to ? () => app.mailOutbox.nudge() : undefined };
      });
    },
  );
};
