// The server's side of the inquiry actions (spec section 4): each one step of the machine under
// a row lock with its audit event. A reply is emailed to the person who asked through the
// outbox, queued in the same transaction as the change and the stored answer: one email per
// reply, whatever the retries.
import type { ActionArgs } from '../../../../shared/actions/define';
import { anyAction, type ActionName } from '../../../../shared/actions/registry';
import type { Inquiry } from '../../../../shared/entities';
import { inquiryNotFoundMessage, inquiryState, type ReplyResponse } from '../../../../shared/inquiry-api';
import { INQUIRY_REPLY_KIND, inquiryReplyEmail } from '../../../mail/inquiry-reply-email';
import { INVALID_EMAIL_CODE, invalidEmailMessage } from '../../../mail/recipient';
import { errorResult, type IdempotentResult } from '../../../plugins/app/idempotency';
import { pharmacyContact } from '../../../plugins/app/mail-outbox';
import { enqueueEmail } from '../../../repositories/email-outbox';
import { INQUIRY_LIST, replyRecipient, writeInquiryStep } from '../../../repositories/inquiries';
import { findRecord } from '../../../repositories/synced-list';
import type { Sql } from '../../../db/client';
import { recordEffect, type ActionContext, type ActionEffect } from './action-route';

/** The machine's step, written: the inquiry as the shared `apply` says it becomes. */
async function step(tx: Sql, action: ActionName, before: Inquiry, args: ActionArgs, { actor }: ActionContext): Promise<Inquiry> {
  const after = anyAction(action).record!.apply(before, args) as Inquiry;
  const to = inquiryState(after);
  return writeInquiryStep(tx, before.message_id, { from: inquiryState(before), to, reply: after.reply ?? undefined }, actor);
}

function inquiryEffect(
  action: ActionName,
  answer: (tx: Sql, record: Inquiry, context: ActionContext) => Promise<{ body: unknown; afterCommit?: () => void }>,
  /** A refusal of the step before it is written (a reply address that is not one address). */
  refuse?: (tx: Sql, before: Inquiry) => Promise<IdempotentResult | null>,
): ActionEffect {
  return recordEffect<Inquiry>(anyAction(action), {
    load: (tx, id) => findRecord<Inquiry>(tx, INQUIRY_LIST, id, { forUpdate: true }),
    notFound: (args) => inquiryNotFoundMessage(args.params.message_id ?? ''),
    change: async (tx, before, args, context) => {
      const refused = await refuse?.(tx, before);
      if (refused) return refused;
      const record = await step(tx, action, before, args, context);
      return { status: 200, ...(await answer(tx, record, context)) };
    },
  });
}

const recordItself = async (_tx: Sql, record: Inquiry) => ({ body: record });

export const INQUIRY_EFFECTS = {
  'inquiry-resolve': inquiryEffect('inquiry-resolve', recordItself),
  'inquiry-unresolve': inquiryEffect('inquiry-unresolve', recordItself),
  // Replying is never a repeat (a replied inquiry is a 409), so the change happened here.
  'inquiry-reply': inquiryEffect(
    'inquiry-reply',
    async (tx, record, { app }) => {
      const { recipient } = await replyRecipient(tx, record);
      const to = recipient.kind === 'address' ? recipient.address : null;
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
      return { body, afterCommit: to ? () => app.mailOutbox.nudge() : undefined };
    },
    async (tx, before) => {
      const { field, recipient } = await replyRecipient(tx, before);
      return recipient.kind === 'invalid' ? errorResult(422, INVALID_EMAIL_CODE, invalidEmailMessage(field)) : null;
    },
  ),
} satisfies Record<string, ActionEffect>;
