// Search params of spec section 2, validated where the routes read them. Anything unusable in
// the URL falls back to the default instead of breaking the page.
import { STATUS_FILTERS, type StatusFilter } from '../../shared/request-status';

export const INQUIRY_FILTERS = ['All', 'Resolved', 'Replied', 'New'] as const;
export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];

export interface PrescriptionSearch {
  /** The selected item. */
  id?: number;
  filter: StatusFilter;
}

export interface MessagesSearch {
  /** The preselected inquiry. */
  id?: number;
  filter: InquiryFilter;
}

export const PRESCRIPTION_SEARCH_DEFAULTS = { filter: 'all' } as const satisfies Partial<PrescriptionSearch>;
export const MESSAGES_SEARCH_DEFAULTS = { filter: 'All' } as const satisfies Partial<MessagesSearch>;

/** A positive integer from a parsed search value (`?id=5` arrives as 5, `?id="5"` as '5'). */
export function parsePositiveInt(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** Case-insensitive, so a hand-typed `?filter=resolved` still works; answers the canonical form. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return allowed.find((option) => option.toLowerCase() === wanted);
}

function withId<T extends object>(search: T, id: number | undefined): T & { id?: number } {
  return id === undefined ? search : { ...search, id };
}

export function validatePrescriptionSearch(search: Record<string, unknown>): PrescriptionSearch {
  const filter = oneOf(STATUS_FILTERS, search.filter) ?? PRESCRIPTION_SEARCH_DEFAULTS.filter;
  return withId({ filter }, parsePositiveInt(search.id));
}

export function validateMessagesSearch(search: Record<string, unknown>): MessagesSearch {
  const filter = oneOf(INQUIRY_FILTERS, search.filter) ?? MESSAGES_SEARCH_DEFAULTS.filter;
  return withId({ filter }, parsePositiveInt(search.id));
}
