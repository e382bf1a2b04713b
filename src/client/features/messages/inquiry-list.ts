// The messages list of spec section 2: what a row shows, the search-by fields and the filters
// (their words: inquiry-list.messages.ts).
import { MESSAGE_PREVIEW_CHARS } from '../../../shared/constants';
import type { Inquiry } from '../../../shared/entities';
import type { InquiryFilter } from '../../lib/search-params';

/** A cached inquiry with the text the Name search looks in. */
export type InquiryRow = Inquiry & { full_name: string };

/** The fields the list searches in (their names: searchFieldMessages). */
export const SEARCH_BY = ['full_name', 'email', 'phone_number'] as const satisfies readonly (keyof InquiryRow)[];
export type SearchByField = (typeof SEARCH_BY)[number];

const fullName = (inquiry: Pick<Inquiry, 'first_name' | 'last_name'>) =>
  `${inquiry.first_name ?? ''} ${inquiry.last_name ?? ''}`.trim();

export function withSearchText(inquiry: Inquiry): InquiryRow {
  return { ...inquiry, full_name: fullName(inquiry) };
}

/** The name an inquiry shows; `unknown` (spec section 2's 'Unknown User', in the language shown) when it has none. */
export function shownName(inquiry: Pick<Inquiry, 'first_name' | 'last_name'>, unknown: string): string {
  return fullName(inquiry) || unknown;
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
