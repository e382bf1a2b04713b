// The users page of spec section 2: name search on first or last name, status All/Active/Inactive.
import type { User } from '../../../shared/entities';

export const USERS_TITLE = 'Search Users';
export const LOADING_USERS = 'Loading users...';
export const USERS_ERROR = 'Error: Failed to fetch users';
export const USER_ERROR = 'Error: Failed to fetch user details';
export const NO_USERS = 'No users found.';
export const VIEW_DETAILS = 'View Details';
export const RESET_LABEL = 'Trigger Password Reset';
export const NO_EMAIL = 'No email found for this user.';
export const RESET_SENT = 'Password reset email sent successfully.';
export const RESET_FAILED = 'Failed to send password reset email.';
export const RESET_OFFLINE = 'A password reset needs the identity service: connect to the internet to send one.';

export const USER_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number]['value'];

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
