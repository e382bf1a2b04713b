// The request status machine of spec section 4, shared by server (enforcement) and client
// (which buttons to offer, optimistic apply).

export const REQUEST_STATUSES = ['active', 'completed', 'flagged'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const STATUS_FILTERS = ['all', ...REQUEST_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The transfer actions of the spec, as they appear in the URL path. */
export const TRANSFER_ACTIONS = ['complete', 'incomplete', 'flag', 'unflag'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

const ALLOWED: Record<RequestStatus, readonly RequestStatus[]> = {
  active: ['completed', 'flagged'],
  completed: ['active'],
  flagged: ['active'],
};

const ACTION_TARGET: Record<TransferAction, RequestStatus> = {
  complete: 'completed',
  incomplete: 'active',
  flag: 'flagged',
  unflag: 'active',
};

/** The only state each action may start from. */
const ACTION_SOURCE: Record<TransferAction, RequestStatus> = {
  complete: 'active',
  incomplete: 'completed',
  flag: 'active',
  unflag: 'flagged',
};

export type TransitionResult =
  | { kind: 'change'; to: RequestStatus }
  | { kind: 'noop' }
  | { kind: 'forbidden'; from: RequestStatus; to: RequestStatus };

/** Moving to the status a record is already in is a success with no effect. */
export function transition(from: RequestStatus, to: RequestStatus): TransitionResult {
  if (from === to) return { kind: 'noop' };
  return ALLOWED[from].includes(to) ? { kind: 'change', to } : { kind: 'forbidden', from, to };
}

export function actionTarget(action: TransferAction): RequestStatus {
  return ACTION_TARGET[action];
}

/**
 * A transfer action applies to one source state: "unflag" on an active transfer is a repeat of
 * the target state (no effect), but "unflag" on a completed transfer is forbidden, as is
 * "incomplete" on a flagged one, even though both targets are `active`.
 */
export function transferTransition(from: RequestStatus, action: TransferAction): TransitionResult {
  const to = ACTION_TARGET[action];
  if (from === to) return { kind: 'noop' };
  return from === ACTION_SOURCE[action] ? { kind: 'change', to } : { kind: 'forbidden', from, to };
}

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === 'string' && (REQUEST_STATUSES as readonly string[]).includes(value);
}
