import { i18n, params } from '../../../i18n/i18n';
import type { AppointmentStatusFilter, AppointmentTypeFilter } from '../filter-appointments';

/** The list page (spec "Appointment list page") and its cards. */
export const listMessages = i18n('appointments/list', {
  search: 'Search by name, email or phone',
  statusFilter: 'Status filter',
  typeFilter: 'Type filter',
  shown: params('{shown} of {total}'),
  empty: 'No appointments found.',
  showMore: params('Show more ({count} left)'),
  date: 'Date',
  type: 'Type',
  for: 'For',
});

/** The filters' choices, by their values. */
export const filterMessages = i18n('appointments/filters', {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  all: 'All',
  vaccine: 'Vaccine',
  consultation: 'Consultation',
} satisfies Record<AppointmentStatusFilter | AppointmentTypeFilter, string>);
