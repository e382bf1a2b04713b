// The messages list of spec section 2: what a row shows, the search-by fields and the filters.
import { MESSAGE_PREVIEW_CHARS } from '../../../shared/constants';
import type { Inquiry } from '../../../shared/entities';
import type { InquiryFilter } from '../../lib/search-params';

export const MESSAGES_TITLE = 'Messages';
export const LOADING_TEXT = 'Loading messages...';
export const ERROR_TEXT = 'Failed to fetch messages.';
export const EMPTY_TEXT = 'No inquiries to display.';
export const SELECT_TEXT = 'Select an inquiry to view details.';
export const REPLY_PLACEHOLDER = 'Write your reply...';
export const SEND_REPLY = 'Send Reply';
export const SENDING = 'Sending...';
export const REPLIED = 'Replied:';
export const MARK_RESOLVED = 'Mark as Resolved';
export const MARK_UNRESOLVED = 'Mark as Unresolved';
export const SEE_USER_PROFILE = 'See User Profile';
export const SEE_GUEST_INFO = 'See Guest Info';
export const REPLY_SENT = 'Reply sent successfully!';
export const REPLY_FAILED = 'Error sending reply. Please try again.';
export const USER_SAID = 'User said:';
/** After a reply the server stored but could not email (the answer's `emailed: false`). */
export const REPLY_NOT_EMAILED = 'The reply is saved, but no email was sent: this person left no email address.';

/** A cached inquiry with the text the Name search looks in. */
export type InquiryRow = Inquiry & { full_name: string };

export const SEARCH_BY = [
  { value: 'full_name', label: 'Name' },
  { value: 'email', label: 'Email' },
  { value: 'phone_number', label: 'Phone' },
] as const satisfies readonly { value: keyof InquiryRow; label: string }[];
export type SearchByField = (typeof SEARCH_BY)[number]['value'];

export function withSearchText(inquiry: Inquiry): InquiryRow {
  return { ...inquiry, full_name: `${inquiry.first_name ?? ''} ${inquiry.last_name ?? ''}`.trim() };
}

/** The first 30 characters of the message (whole characters, never half an emoji). */
export function messagePreview(message: string): string {
  const chars = [...message];
  return chars.length > MESSAGE_PREVIEW_CHARS ? `${chars.slice(0, MESSAGE_PREVIEW_CHARS).join('')}…` : message;
}

const KEEP: Record<InquiryFilter, ((row: Pick<Inquiry, 'resolved' | 'replied'>) => boolean) | null> = {
  All: null,
  Resolved: (row) => row.resolved,
  Replied: (row) => row.replied,
  New: (row) => !row.resolved && !row.replied,
};

/** Spec section 4: Resolved shows resolved ones, Replied replied ones, New those neither. */
export function inquiryKeep(filter: InquiryFilter): ((row: Pick<Inquiry, 'resolved' | 'replied'>) => boolean) | null {
  return KEEP[filter];
}

/** Which toggle the detail offers (spec section 2): none once replied. */
export function resolveToggle(inquiry: Pick<Inquiry, 'resolved' | 'replied'>): 'resolve' | 'unresolve' | null {
  if (!inquiry.resolved) return 'resolve';
  return inquiry.replied ? null : 'unresolve';
}
