// The users page of spec section 2: name search on first or last name, status All/Active/Inactive
// (the words: users.messages.ts).
import type { User } from '../../../shared/entities';

/** The status filter's values (their names: userStatusFilterMessages). */
export const USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export const userName = (user: Pick<User, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();
/** Users whose first or last name contains the query (case-insensitive) and whose status matches. */
export function searchUsers(users: readonly User[], query: string, status: UserStatusFilter): User[] {
  const needle = query.trim().toLowerCase();
  return users.filter(
    (user) =>
      (status === 'all' || user.status === status) &&
      (!needle || user.first_name.toLowerCase().includes(needle) || user.last_name.toLowerCase().includes(needle)),
  );
}

/** Last name, then first name, then id: a stable order for a patient list. */
export function byName(a: User, b: User): number {
  return a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.user_id - b.user_id;
}
