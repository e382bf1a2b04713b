export interface GuestInfoPageProps {
  messageId: string;
}

/** Filled by the messages issue; the spec gives this page no heading. */
export function GuestInfoPage(_props: GuestInfoPageProps) {
  return null;
}
