// The navigation bar's entries (spec section 2 "Navigation bar"). `match` is the path prefix
// that marks an entry active; `name` is the entry's words in `navMessages` (shell.messages.ts).

export const HOME_LINK = { name: 'home', to: '/dashboard', match: '/dashboard' } as const;

export const PRESCRIPTIONS_MATCH = '/prescriptions';

export const PRESCRIPTION_LINKS = [
  { name: 'transfers', to: '/prescriptions/transfers' },
  { name: 'refills', to: '/prescriptions/refills-and-renewals' },
  { name: 'autofill', to: '/prescriptions/autofill' },
  { name: 'reminders', to: '/prescriptions/refill-reminders' },
] as const;

export const APPOINTMENTS_LINK = {
  name: 'appointments',
  to: '/appointments/calendar-view-page',
  match: '/appointments',
} as const;

export const MESSAGES_LINK = { name: 'messages', to: '/messages', match: '/messages' } as const;

export const ACCESS_LOG_LINK = { name: 'accessLog', to: '/access-log' } as const;

/** Active by path prefix, on a segment boundary: /messages matches /messages/7, not /messagesx. */
export function isActivePath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
