// The words of every staff action (src/shared/actions), for every screen: the definitions keep
// their English `label` (the server and the stored outbox entries use it); the app shows these,
// through `actionLabel` (action-label.ts). Keyed by the action's stable name; a status change
// (`transfer-status`, `{kind}-status`) by the change it makes, as its English label is.
import { i18n } from '../i18n/i18n';

export const actionLabelMessages = i18n('prescriptions/actions', {
  complete: 'Mark as Complete',
  incomplete: 'Mark as Incomplete',
  flag: 'Flag',
  unflag: 'Unflag',
  'transfer-notify': 'Notify patient',
  'vaccine-cancel': 'Cancel Appointment',
  'consultation-cancel': 'Cancel Appointment',
  'availability-block': 'Finalize Availabilities',
  'availability-unblock': 'Unblock Availabilities',
  'inquiry-resolve': 'Mark as Resolved',
  'inquiry-unresolve': 'Mark as Unresolved',
  'inquiry-reply': 'Send Reply',
  'access-record': 'Access log entry',
  'saved-reply-create': 'Save reply',
  'saved-reply-edit': 'Edit saved reply',
  'saved-reply-delete': 'Delete saved reply',
  // Assignment (issue 19), by its mode.
  'assign-claim': 'Assign to me',
  'assign-take-over': 'Take over',
  'assign-assign': 'Assign',
  'assign-unassign': 'Unassign',
});
