// The patient, inquiry and dashboard calls of spec section 7 beyond the cached lists themselves:
// path parameters, the inquiry machine (spec section 4), the reply body and its limits, the
// answers, and the two dashboard widgets' items (spec section 3). The server validates with these
// schemas and enforces the machine; the app uses the same machine for its optimistic changes.
// A field's `description` completes the 400's sentence "<field> must be <description>.".
import Type, { type Static } from 'typebox';
import { AppointmentTypeSchema, InquirySchema, RequestStatusSchema, type Inquiry } from './entities';
import { RecordIdParamSchema } from './prescription-api';

// ---------------------------------------------------------------------------------------------
// Reads

/** Path of `GET /admin/users/{userId}`; the answer is an array of one User (spec section 7). */
export const UserParamsSchema = Type.Object({ userId: RecordIdParamSchema });

/** Path of `GET /admin/inquiries/{messageId}`; the answer is an array of one Inquiry. */
export const InquiryParamsSchema = Type.Object({ messageId: RecordIdParamSchema });

/** 404 messages of the two reads (and of the inquiry actions). */
export const userNotFoundMessage = (id: string | number) => `User ${id} was not found.`;
export const inquiryNotFoundMessage = (id: string | number) => `Inquiry ${id} was not found.`;

// ---------------------------------------------------------------------------------------------
// The inquiry machine (spec section 4)

/** The three states an inquiry can be in: new (neither), resolved (not replied), replied. */
export const INQUIRY_STATES = ['new', 'resolved', 'replied'] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];

/** The actions of `PUT /admin/messages/{message_id}/{action}`. */
export const INQUIRY_ACTIONS = ['resolve', 'unresolve', 'reply'] as const;
export type InquiryAction = (typeof INQUIRY_ACTIONS)[number];

export function inquiryState(inquiry: Pick<Inquiry, 'resolved' | 'replied'>): InquiryState {
  if (inquiry.replied) return 'replied';
  return inquiry.resolved ? 'resolved' : 'new';
}

export type InquiryTransition =
  | { kind: 'change'; from: InquiryState; to: InquiryState }
  /** A repeat (resolve a resolved one, unresolve a new one): a success with no effect. */
  | { kind: 'noop'; state: InquiryState }
  /** Unresolve or reply on a replied inquiry: a 409 carrying the inquiry as it is. */
  | { kind: 'forbidden'; from: InquiryState; action: InquiryAction };

/**
 * The machine: new → resolved (resolve); resolved → new (unresolve, only while not replied);
 * new or resolved → replied (reply, which also sets resolved). Resolving a replied inquiry is a
 * repeat (it is resolved); unresolving it or replying again is forbidden.
 */
export function inquiryTransition(
  inquiry: Pick<Inquiry, 'resolved' | 'replied'>,
  action: InquiryAction,
): InquiryTransition {
  const from = inquiryState(inquiry);
  switch (action) {
    case 'resolve':
      return from === 'new' ? { kind: 'change', from, to: 'resolved' } : { kind: 'noop', state: from };
    case 'unresolve':
      if (from === 'replied') return { kind: 'forbidden', from, action };
      return from === 'resolved' ? { kind: 'change', from, to: 'new' } : { kind: 'noop', state: from };
    case 'reply':
      return from === 'replied' ? { kind: 'forbidden', from, action } : { kind: 'change', from, to: 'replied' };
  }
}

/** The inquiry after an allowed action (what the app shows at once; what the server stores). */
export function applyInquiryAction<T extends Pick<Inquiry, 'resolved' | 'replied' | 'reply'>>(
  inquiry: T,
  action: InquiryAction,
  replyText?: string,
): T {
  const step = inquiryTransition(inquiry, action);
  if (step.kind !== 'change') return inquiry;
  if (step.to === 'resolved') return { ...inquiry, resolved: true };
  if (step.to === 'new') return { ...inquiry, resolved: false };
  return { ...inquiry, resolved: true, replied: true, reply: normalizeReply(replyText ?? '') };
}

/** 409 messages: the inquiry as it is rides along in the error body's `record`. */
export const inquiryConflictMessage = (id: number, action: InquiryAction): string =>
  action === 'reply'
    ? `Inquiry ${id} has already been replied to; it cannot be replied to again.`
    : `Inquiry ${id} has been replied to; it cannot be marked as unresolved.`;

// ---------------------------------------------------------------------------------------------
// Replies

/** The longest reply, in characters (Unicode code points) after trimming. */
export const REPLY_MAX_CHARS = 5000;

export const REPLY_EMPTY_MESSAGE = 'reply must not be empty or only spaces.';
export const REPLY_TOO_LONG_MESSAGE = `reply must be at most ${REPLY_MAX_CHARS.toLocaleString('en-US')} characters.`;

/** The reply as stored and emailed: the text as written, without surrounding white space. */
export function normalizeReply(text: string): string {
  return text.trim();
}

export function replyLength(text: string): number {
  return [...normalizeReply(text)].length;
}

/** Why this reply text cannot be sent (the 400's message), or null when it can. */
export function replyProblem(text: string): string | null {
  const length = replyLength(text);
  if (length === 0) return REPLY_EMPTY_MESSAGE;
  if (length > REPLY_MAX_CHARS) return REPLY_TOO_LONG_MESSAGE;
  return null;
}

/** Path of the three actions. */
export const InquiryActionParamsSchema = Type.Object({ message_id: RecordIdParamSchema });

/**
 * Body of `PUT /admin/messages/{message_id}/reply`: the spec's `selectedInquiry` (the whole
 * inquiry as the app has it; optional, never trusted: the server reads the inquiry itself) and
 * `reply`. The text's limits are checked by `replyProblem` (400 with its message).
 */
export const ReplyBodySchema = Type.Object({
  selectedInquiry: Type.Optional(Type.Unknown()),
  reply: Type.String({ description: `text of 1 to ${REPLY_MAX_CHARS.toLocaleString('en-US')} characters` }),
  /**
   * The inquiry's state when the person began writing (issue 19): when it has changed since (another
   * device resolved or unresolved it), the reply is refused with 409 `stale_reply`. Without it, as
   * the spec's body, only a replied inquiry refuses a reply.
   */
  seen_state: Type.Optional(Type.Enum(['new', 'resolved'] as const, { description: 'new or resolved' })),
});

/**
 * What a refused reply's 409 adds (issue 19): the change someone else made while this reply was
 * being written: their reply (when they replied), the state it moved to, who (the staff name) and when.
 */
export interface OtherChange {
  state: InquiryState;
  reply: string | null;
  by: string | null;
  at: string;
}

/** 409 `stale_reply`: the inquiry changed state since the person began writing. */
export const STALE_REPLY_CODE = 'stale_reply';
export const staleReplyMessage = (id: number): string =>
  `Inquiry ${id} changed while this reply was being written; read it again, then send the reply anyway or discard it.`;

/** 200 answer of resolve and unresolve: the inquiry as it now is (also on a repeat). */
export const InquiryActionResponseSchema = InquirySchema;

/**
 * 200 answer of reply: the inquiry as it now is and whether the reply was emailed. `emailed` is
 * true when an email to the person who asked was queued in the server's outbox (its worker
 * delivers it, with retries) and false when neither the inquiry nor the patient's account has an
 * email address: the reply is stored all the same. A replayed Idempotency-Key answers the same.
 */
export const ReplyResponseSchema = Type.Object({
  message_id: Type.Integer(),
  emailed: Type.Boolean(),
  record: InquirySchema,
});
export type ReplyResponse = Static<typeof ReplyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard widgets (spec sections 2, 3 and 9)

/** The refill-type lists a prescription widget item comes from (their cached list name). */
export const WIDGET_PRESCRIPTION_COLLECTIONS = ['refills', 'autofill', 'reminders'] as const;
export type WidgetPrescriptionCollection = (typeof WIDGET_PRESCRIPTION_COLLECTIONS)[number];

/** `service` of each list, as the widget shows it. */
export const WIDGET_SERVICE: Record<WidgetPrescriptionCollection, string> = {
  refills: 'Refills and Renewals',
  autofill: 'Autofill',
  reminders: 'Refill Reminders',
};

export const WIDGET_PRESCRIPTION_TYPES = ['Refill', 'Renewal', 'Autofill', 'Refill Reminder'] as const;

/**
 * An item of `GET /admin/prescriptions-widget` ('Prescription Requests'): the spec's service,
 * rx_number, status, type and created_at, plus `collection` and `id` (the record's key in that
 * list: `id`, or `refillId` for autofill) so a row opens its record. `type` is Refill or Renewal
 * for a refills-and-renewals request, Autofill or Refill Reminder otherwise. The server lists the
 * active requests of the three lists, newest first; the badge counts items with status active.
 */
export const PrescriptionWidgetItemSchema = Type.Object({
  service: Type.String(),
  rx_number: Type.String(),
  status: RequestStatusSchema,
  type: Type.Enum(WIDGET_PRESCRIPTION_TYPES),
  created_at: Type.String({ description: 'ISO 8601 instant' }),
  collection: Type.Enum(WIDGET_PRESCRIPTION_COLLECTIONS),
  id: Type.Integer(),
});
export type PrescriptionWidgetItem = Static<typeof PrescriptionWidgetItemSchema>;

/**
 * An item of `GET /admin/appointments-widget` ('Upcoming'): a scheduled (not cancelled, not
 * completed) Vaccine or Consultation appointment whose start is now or later on the pharmacy's
 * clock, soonest first. `id` is the appointment_id; `date` its pharmacy day (YYYY-MM-DD) and
 * `start_time` its wall-clock HH:MM. The badge counts the items.
 */
export const AppointmentWidgetItemSchema = Type.Object({
  id: Type.Integer(),
  appointment_type: AppointmentTypeSchema,
  date: Type.String({ description: 'YYYY-MM-DD, pharmacy time' }),
  start_time: Type.String({ description: 'HH:MM, pharmacy time' }),
});
export type AppointmentWidgetItem = Static<typeof AppointmentWidgetItemSchema>;

/** The name an inquiry shows (messages, dashboard); 'Unknown User' when it has none (spec section 2). */
export function inquiryName(inquiry: Pick<Inquiry, 'first_name' | 'last_name'>): string {
  return `${inquiry.first_name ?? ''} ${inquiry.last_name ?? ''}`.trim() || 'Unknown User';
}

/** Spec section 9: the unresolved badge counts inquiries where resolved is false. */
export function countUnresolved(inquiries: readonly Pick<Inquiry, 'resolved'>[]): number {
  return inquiries.filter((inquiry) => !inquiry.resolved).length;
}

/** Spec section 9: an active badge counts items with status active. */
export const isActive = (item: { status: string }): boolean => item.status === 'active';

export function countActive(items: readonly { status: string }[]): number {
  return items.filter(isActive).length;
}
