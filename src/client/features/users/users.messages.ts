// The users page and a user's detail (spec section 2), the password reset's toasts (spec section 8).
import { i18n, params } from '../../i18n/i18n';

export const usersListMessages = i18n('users/list', {
  title: 'Search Users',
  listLabel: 'Users',
  loading: 'Loading users...',
  error: 'Error: Failed to fetch users',
  empty: 'No users found.',
  search: 'Search by first or last name',
  status: 'Status',
  inactive: 'Inactive',
  viewDetails: 'View Details',
  viewDetailsOf: params('View Details: {name}'),
  notAvailable: 'N/A',
});

/** The status filter's names, by its value. */
export const userStatusFilterMessages = i18n('users/status-filters', {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
});

export const userDetailMessages = i18n('users/detail', {
  back: '← Back to users',
  error: 'Error: Failed to fetch user details',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  dateOfBirth: 'Date of birth',
  postalCode: 'Postal code',
  age: 'Age',
  status: 'Status',
  active: 'Active',
  inactive: 'Inactive',
  notAvailable: 'N/A',
  resetLabel: 'Trigger Password Reset',
  resetOffline: 'A password reset needs the identity service: connect to the internet to send one.',
});

export const passwordResetToastMessages = i18n('users/reset-toasts', {
  noEmail: 'No email found for this user.',
  sent: 'Password reset email sent successfully.',
  failed: 'Failed to send password reset email.',
});
