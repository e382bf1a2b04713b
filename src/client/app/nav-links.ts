// The navigation bar's entries (spec section 2 "Navigation bar"). `match` is the path prefix
// that marks an entry active.

export const HOME_LINK = { label: 'Home', to: '/dashboard', match: '/dashboard' } as const;

export const PRESCRIPTIONS_MATCH = '/prescriptions';

export const PRESCRIPTION_LINKS = [
  { label: 'Transfers', to: '/prescriptions/transfers' },
  { label: 'Refills', to: '/prescriptions/refills-and-renewals' },
  { label: 'Autofill Requests', to: '/prescriptions/autofill' },
  { label: 'Refill Reminder Requests', to: '/prescriptions/refill-reminders' },
] as const;

export const APPOINTMENTS_LINK = {
  label: 'Appointments',
  to: '/appointments/calendar-view-page',
  match: '/appointments',
} as const;

export const MESSAGES_LINK = { label: 'Messages', to: '/messages', match: '/messages' } as const;

/** Active by path prefix, on a segment boundary: /messages matches /messages/7, not /messagesx. */
export function isActivePath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
