// Queues a transfer action the way actions.requestTransferAction does, without its kick: these
// tests decide when the outbox drains.
import { enqueueChange } from '../../../src/client/offline/enqueue';
import type { Transfer } from '../../../src/shared/entities';
import { actionTarget, type TransferAction } from '../../../src/shared/request-status';

export function queueTransferAction(transfer: Transfer, action: TransferAction) {
  return enqueueChange({
    kind: 'transfer-action',
    collection: 'transfers',
    record: transfer,
    method: 'PUT',
    path: `/admin/transfers/${action}/${transfer.transfer_id}`,
    patch: { status: actionTarget(action) },
    label: action,
  });
}

export function queueNotify(transfer: Transfer) {
  return enqueueChange({
    kind: 'notify',
    collection: 'transfers',
    record: transfer,
    method: 'PUT',
    path: '/admin/prescription-request-notify/transfer',
    body: (view) => view,
    patch: {},
    label: 'Notify patient',
  });
}
