// Which status actions a record offers, from the shared state machine (spec section 4), and the
// texts that go with them. Refill-type lists use the same buttons and confirmations.
import { TRANSFER_ACTION_LABELS } from '../../../shared/actions/prescription-actions';
import {
  TRANSFER_ACTIONS,
  actionTarget,
  transferTransition,
  type RequestStatus,
  type TransferAction,
} from '../../../shared/request-status';

export interface RecordAction {
  action: TransferAction;
  label: string;
  /** The status the record moves to. */
  target: RequestStatus;
  /** Asked first, when set; the action runs only if confirmed. */
  confirm?: string;
  /** Logged when the server refuses (spec section 8 "Thrown messages"). */
  failure: string;
}

const ACTIONS: Record<TransferAction, Omit<RecordAction, 'action' | 'target' | 'label'>> = {
  complete: { failure: 'Failed to mark transfer as complete' },
  incomplete: { failure: 'Failed to mark transfer as incomplete' },
  flag: {
    confirm: 'Are you sure you want to flag this transfer?',
    failure: 'Failed to flag the transfer',
  },
  unflag: {
    confirm: 'Are you sure you want to unflag this transfer?',
    failure: 'Failed to unflag the transfer',
  },
};

/** The actions that change a record in `status`, in the order the detail pane shows them. */
export function allowedActions(status: RequestStatus): RecordAction[] {
  return TRANSFER_ACTIONS.filter(
    (action) => transferTransition(status, action).kind === 'change',
  ).map((action) => ({ action, target: actionTarget(action), label: TRANSFER_ACTION_LABELS[action], ...ACTIONS[action] }));
}

export const NOTIFY_LABEL = 'Notify';
export const NOTIFY_SENDING_LABEL = 'Notifying...';
export const NOTIFY_SUCCESS = 'Notification sent successfully!';
export const NOTIFY_ERROR = 'Error sending notification. Please try again.';
export { NOTIFY_NEEDS_COMPLETED } from '../../../shared/texts';
export const NOTIFY_FAILURE_LOG = 'Failed to trigger email notification';

/** Notify is enabled only when the transfer is completed (spec section 4). */
export function canNotify(status: RequestStatus): boolean {
  return status === 'completed';
}

const STATUS_LABELS: Record<RequestStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  flagged: 'Flagged',
};

export function statusLabel(status: RequestStatus): string {
  return STATUS_LABELS[status] ?? status;
}

export const STATUS_COLORS: Record<RequestStatus, string> = {
  active: 'teal',
  completed: 'blue',
  flagged: 'red',
};
