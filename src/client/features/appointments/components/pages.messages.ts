import { i18n } from '../../../i18n/i18n';

/** The appointment pages' titles, the links between them, and the cache's loading and error. */
export const pagesMessages = i18n('appointments/pages', {
  calendarTitle: 'Appointments Dashboard',
  listTitle: 'Appointments',
  manageLink: 'Manage Availabilities',
  calendarLink: 'Calendar View',
  listLink: 'List View',
  loading: 'Loading appointments...',
  loadFailed: 'Failed to fetch appointments.',
});
