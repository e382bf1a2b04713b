// The list pane around the rows: search, status filter, empty list, and the detail placeholder.
import { i18n, params } from '../../../i18n/i18n';

export const listPaneMessages = i18n('prescriptions/list-pane', {
  /** `{field}` is a field's name as it reads inside a sentence ('first name', 'Rx number'). */
  searchBy: params('Search by {field}'),
  searchByLabel: 'Search by',
  statusFilter: 'Status filter',
  empty: 'No prescriptions available.',
  select: 'Select a prescription to view details.',
});

/** The status filter's choices (src/shared/request-status.ts STATUS_FILTERS). */
export const statusFilterMessages = i18n('prescriptions/status-filter', {
  all: 'All',
  active: 'Active',
  completed: 'Completed',
  flagged: 'Flagged',
});
