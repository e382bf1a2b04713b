// The server's side of the inquiry actions (spec section 4): each one step of the machine under
// a row lock with its audit event. A reply is emailed to the person who asked through the
// outbox, queued in the same transaction as the change and the stored answer: one email per
// reply, whatever the retries.
import type { ActionArgs } from '../../../../shared/actions/define';
import { anyAction, type ActionName } from '../../../../shared/actions/registry';
import type { Inquiry } from '../../../../shared/entities';
import {
  STALE_REPLY_CODE,
  inquiryNotFoundMessage,
  inquiryState,
  staleReplyMessage,
  type ReplyResponse,
} from '../../../../shared/inquiry-api';
import { INQUIRY_REPLY_KIND, inquiryReplyEmail } from '../../../mail/inquiry-reply-email';
import { INVALID_EMAIL_CODE, invalidEmailMessage } from '../../../mail/recipient';
import { errorResult, type IdempotentResult } from '../../../plugins/app/idempotency';
import { pharmacyContact } from '../../../plugins/app/mail-outbox';
import { enqueueEmail } from '../../../repositories/email-outbox';
import { INQUIRY_LIST, lastInquiryStep, replyRecipient, writeInquiryStep } from '../../../repositories/inquiries';
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
  refuse?: (tx: Sql, before: Inquiry, args: ActionArgs, context: ActionContext) => Promise<IdempotentResult | null>,
): ActionEffect {
  return recordEffect<Inquiry>(anyAction(action), {
    load: (tx, id) => findRecord<Inquiry>(tx, INQUIRY_LIST, id, { forUpdate: true }),
    notFound: (args) => inquiryNotFoundMessage(args.params.message_id ?? ''),
    change: async (tx, before, args, context) => {
      const refused = await refuse?.(tx, before, args, context);
      if (refused) return refused;
      const record = await step(tx, action, before, args, context);
      return { status: 200, ...(await answer(tx, record, context)) };
    },
  });
}

const recordItself = async (_tx: Sql, record: Inquiry) => ({ body: record });

/**
 * A reply's 409 names the change it would have gone out over (issue 19): the other reply (or the
 * state the inquiry moved to), who made it and when, read from the inquiry's audit events.
 */
function namingOtherChange(effect: ActionEffect): ActionEffect {
  return {
    ...effect,
    async run(tx, args, context) {
      const result = await effect.run(tx, args, context);
      if (result.status !== 409 || typeof result.body !== 'object' || result.body === null) return result;
      const last = await lastInquiryStep(tx, Number(args.params.message_id));
      return last ? { ...result, body: { ...result.body, other: last.change } } : result;
    },
  };
}

/** The state the person saw when they began writing, when the reply says it. */
const seenState = (args: ActionArgs): string | undefined => (args.body as { seen_state?: string } | undefined)?.seen_state;

export const INQUIRY_EFFECTS = {
  'inquiry-resolve': inquiryEffect('inquiry-resolve', recordItself),
  'inquiry-unresolve': inquiryEffect('inquiry-unresolve', recordItself),
  // Replying is never a repeat (a replied inquiry is a 409), so the change happened here.
  'inquiry-reply': namingOtherChange(inquiryEffect(
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
    async (tx, before, args, { actor }) => {
      // Someone else resolved or unresolved it while this reply was being written: the person
      // reads it again first (the reply is sent anyway with the state they now see). Their own
      // change, from this device or another, is no news to them.
      const seen = seenState(args);
      if (seen !== undefined && seen !== inquiryState(before)) {
        const last = await lastInquiryStep(tx, before.message_id);
        if (last?.actorUid !== actor.uid) {
          return errorResult(409, STALE_REPLY_CODE, staleReplyMessage(before.message_id), before);
        }
      }
      const { field, recipient } = await replyRecipient(tx, before);
      return recipient.kind === 'invalid' ? errorResult(422, INVALID_EMAIL_CODE, invalidEmailMessage(field)) : null;
    },
  )),
} satisfies Record<string, ActionEffect>;
