import type { InquiryFilter } from '../../../lib/search-params';

export interface MessagesPageProps {
  id?: number;
  filter: InquiryFilter;
  onSearchChange: (next: { id?: number; filter?: InquiryFilter }) => void;
}

/** Filled by the messages issue; the spec gives this page no heading. */
export function MessagesPage(_props: MessagesPageProps) {
  return null;
}
