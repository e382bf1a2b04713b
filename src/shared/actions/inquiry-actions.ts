// The inquiry actions (spec sections 4 and 7): resolve, unresolve and reply, drawn from the
// inquiry machine the server enforces and the app shows at once.
import { InquirySchema, type Inquiry } from '../entities';
import {
  InquiryActionParamsSchema,
  ReplyBodySchema,
  ReplyResponseSchema,
  applyInquiryAction,
  inquiryConflictMessage,
  inquiryState,
  inquiryTransition,
  replyProblem,
  type InquiryAction,
} from '../inquiry-api';
import { CHANGE, NOOP, defineAction, forbidden, type ActionStep } from './define';

export const INQUIRY_ACTION_LABELS: Record<InquiryAction, string> = {
  resolve: 'Mark as Resolved',
  unresolve: 'Mark as Unresolved',
  reply: 'Send Reply',
};

function inquiryStep(inquiry: Inquiry, action: InquiryAction): ActionStep {
  const step = inquiryTransition(inquiry, action);
  if (step.kind === 'noop') return NOOP;
  if (step.kind === 'change') return CHANGE;
  return forbidden(inquiryConflictMessage(inquiry.message_id, action));
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object';

/** PUT /admin/messages/{message_id}/resolve and …/unresolve. */
function toggle<N extends string>(name: N, action: 'resolve' | 'unresolve') {
  return defineAction({
    name,
    method: 'PUT',
    route: `/admin/messages/:message_id/${action}`,
    params: InquiryActionParamsSchema,
    body: undefined,
    answer: InquirySchema,
    label: () => INQUIRY_ACTION_LABELS[action],
    record: {
      collection: 'inquiries',
      key: (args) => Number(args.params.message_id),
      check: (inquiry) => inquiryStep(inquiry, action),
      apply: (inquiry) => applyInquiryAction(inquiry, action),
      fromAnswer: (answer) => (isRecord(answer) ? (answer as Inquiry) : null),
    },
  });
}

export const inquiryResolve = toggle('inquiry-resolve', 'resolve');
export const inquiryUnresolve = toggle('inquiry-unresolve', 'unresolve');

/**
 * PUT /admin/messages/{message_id}/reply with the spec's body: `selectedInquiry` (the inquiry as
 * the app showed it; never trusted by the server) and `reply`.
 */
export const inquiryReply = defineAction({
  name: 'inquiry-reply',
  method: 'PUT',
  route: '/admin/messages/:message_id/reply',
  params: InquiryActionParamsSchema,
  body: ReplyBodySchema,
  answer: ReplyResponseSchema,
  invalid: (args) => replyProblem(args.body.reply),
  label: () => INQUIRY_ACTION_LABELS.reply,
  record: {
    collection: 'inquiries',
    key: (args) => Number(args.params.message_id),
    check: (inquiry) => inquiryStep(inquiry, 'reply'),
    apply: (inquiry, args) => applyInquiryAction(inquiry, 'reply', args.body.reply),
    fromAnswer: (answer) => (isRecord(answer) && isRecord(answer.record) ? (answer.record as Inquiry) : null),
    // Retried by a person who has read the inquiry again: what they saw is the inquiry as it is now.
    refresh: (args, inquiry) => {
      const state = inquiryState(inquiry);
      const seen = args.body.seen_state !== undefined && state !== 'replied' ? { seen_state: state } : {};
      return { ...args, body: { ...args.body, selectedInquiry: inquiry, ...seen } };
    },
  },
});
