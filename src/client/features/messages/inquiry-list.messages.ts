// The messages list, its search and filters (spec section 2), and the guest info page.
import { i18n, params } from '../../i18n/i18n';

export const inquiryListMessages = i18n('messages/list', {
  title: 'Messages',
  loading: 'Loading messages...',
  error: 'Failed to fetch messages.',
  empty: 'No inquiries to display.',
  select: 'Select an inquiry to view details.',
  searchBy: 'Search by',
  searchByField: params('Search by {field}'),
  filter: 'Filter',
  newMark: 'New',
  unknownUser: 'Unknown User',
});

/** The search-by fields' names, by field. */
export const searchFieldMessages = i18n('messages/search-fields', {
  full_name: 'Name',
  email: 'Email',
  phone_number: 'Phone',
});

/** The filters' names, by the filter's value in the URL. */
export const inquiryFilterMessages = i18n('messages/filters', {
  All: 'All',
  Resolved: 'Resolved',
  Replied: 'Replied',
  New: 'New',
});

export const guestInfoMessages = i18n('messages/guest-info', {
  missing: 'This inquiry is not on this device.',
  back: '← Back to messages',
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  notAvailable: 'N/A',
  userSaid: 'User said:',
});
