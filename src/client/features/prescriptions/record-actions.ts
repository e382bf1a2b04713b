// Which status actions a record offers, from the shared state machine (spec section 4). Refill-type
// lists use the same buttons and confirmations; their words are lib/action-labels.messages.ts and
// record-actions.messages.ts.
import {
  TRANSFER_ACTIONS,
  actionTarget,
  transferTransition,
  type RequestStatus,
  type TransferAction,
} from '../../../shared/request-status';
import type { recordActionMessages } from './record-actions.messages';
import type { StoreValue } from 'nanostores';

type Question = keyof StoreValue<typeof recordActionMessages> & `confirm${string}`;

export interface RecordAction {
  action: TransferAction;
  /** The status the record moves to. */
  target: RequestStatus;
  /** Asked first, when set (its text in `recordActionMessages`); the action runs only if confirmed. */
  confirm?: Question;
  /** Logged when the server refuses (spec section 8 "Thrown messages"): for developers, in English. */
  failure: string;
}

const ACTIONS: Record<TransferAction, Omit<RecordAction, 'action' | 'target'>> = {
  complete: { failure: 'Failed to mark transfer as complete' },
  incomplete: { failure: 'Failed to mark transfer as incomplete' },
  flag: { confirm: 'confirmFlag', failure: 'Failed to flag the transfer' },
  unflag: { confirm: 'confirmUnflag', failure: 'Failed to unflag the transfer' },
};

/** The actions that change a record in `status`, in the order the detail pane shows them. */
export function allowedActions(status: RequestStatus): RecordAction[] {
  return TRANSFER_ACTIONS.filter(
    (action) => transferTransition(status, action).kind === 'change',
  ).map((action) => ({ action, target: actionTarget(action), ...ACTIONS[action] }));
}

/** Logged when Notify is refused (spec section 8 "Thrown messages"). */
export const NOTIFY_FAILURE_LOG = 'Failed to trigger email notification';

/** Notify is enabled only when the transfer is completed (spec section 4). */
export function canNotify(status: RequestStatus): boolean {
  return status === 'completed';
}

export const STATUS_COLORS: Record<RequestStatus, string> = {
  active: 'teal',
  completed: 'blue',
  flagged: 'red',
};
