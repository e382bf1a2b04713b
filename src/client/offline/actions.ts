// The staff actions the UI calls. Each applies its change to the cached record and queues it in
// one transaction (enqueue.ts); the outbox sends it when it can. `waitForOutboxResult` tells
// when the server has answered, whichever tab or the service worker sent it.
import { COLLECTIONS, type CollectionName, type CollectionRecords } from '../../shared/collections';
import type { Transfer } from '../../shared/entities';
import {
  actionTarget,
  isRequestStatus,
  transferTransition,
  transition,
  type RequestStatus,
  type TransferAction,
} from '../../shared/request-status';
import { enqueueChange, type ChangeRequest } from './enqueue';
import { afterEnqueue } from './outbox';
import type { OutboxEntry } from './outbox-entry';

export { waitForOutboxResult } from './outbox-results';

export type StatusCollectionName = Extract<CollectionName, 'refills' | 'autofill' | 'reminders'>;

/** Thrown (nothing queued) when the record's current state does not allow the change. */
export class ChangeNotAllowedError extends Error {
  constructor(from: RequestStatus, to: RequestStatus) {
    super(`This change is not possible: the request is ${from}, it cannot become ${to}.`);
    this.name = 'ChangeNotAllowedError';
  }
}

const TRANSFER_LABELS: Record<TransferAction, string> = {
  complete: 'Mark as Complete',
  incomplete: 'Mark as Incomplete',
  flag: 'Flag',
  unflag: 'Unflag',
};

function statusLabel(from: unknown, to: RequestStatus): string {
  if (to === 'completed') return 'Mark as Complete';
  if (to === 'flagged') return 'Flag';
  return from === 'flagged' ? 'Unflag' : 'Mark as Incomplete';
}

/** The queued form of a transfer action (what `requestTransferAction` enqueues). */
export function transferActionChange(transfer: Transfer, action: TransferAction): ChangeRequest {
  return {
    kind: 'transfer-action',
    collection: 'transfers',
    record: transfer,
    method: 'PUT',
    path: `/admin/transfers/${action}/${transfer.transfer_id}`,
    patch: { status: actionTarget(action) },
    label: TRANSFER_LABELS[action],
    check: (view) => {
      if (!isRequestStatus(view.status)) return;
      const result = transferTransition(view.status, action);
      if (result.kind === 'forbidden') throw new ChangeNotAllowedError(result.from, result.to);
    },
  };
}

export async function requestTransferAction(transfer: Transfer, action: TransferAction): Promise<OutboxEntry> {
  const entry = await enqueueChange(transferActionChange(transfer, action));
  afterEnqueue();
  return entry;
}

export async function requestStatusChange<K extends StatusCollectionName>(
  collectionName: K,
  record: CollectionRecords[K],
  status: RequestStatus,
): Promise<OutboxEntry> {
  const info = COLLECTIONS[collectionName];
  const key = (record as Record<string, unknown>)[info.key] as number;
  const entry = await enqueueChange({
    kind: 'status-change',
    collection: collectionName,
    record,
    method: 'PUT',
    path: `/admin/${info.statusKind}/status/${key}`,
    body: () => ({ status }),
    patch: { status },
    label: (view) => statusLabel(view.status, status),
    check: (view) => {
      if (!isRequestStatus(view.status)) return;
      const result = transition(view.status, status);
      if (result.kind === 'forbidden') throw new ChangeNotAllowedError(result.from, result.to);
    },
  });
  afterEnqueue();
  return entry;
}

/** The queued form of a notify (what `requestNotify` enqueues). */
export function notifyChange(transfer: Transfer): ChangeRequest {
  return {
    kind: 'notify',
    collection: 'transfers',
    record: transfer,
    method: 'PUT',
    path: '/admin/prescription-request-notify/transfer',
    body: (view) => view,
    patch: {},
    label: 'Notify patient',
  };
}

/** Queues the patient email; the server refuses it (409) unless the transfer is completed there. */
export async function requestNotify(transfer: Transfer): Promise<OutboxEntry> {
  const entry = await enqueueChange(notifyChange(transfer));
  afterEnqueue();
  return entry;
}
