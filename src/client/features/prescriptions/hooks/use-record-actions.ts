// The detail pane's actions, queued through the offline outbox (hooks/use-queued-change.ts).
import { useCallback } from 'react';
import type { Transfer } from '../../../../shared/entities';
import type { TransferAction } from '../../../../shared/request-status';
import { useConfirm } from '../../../components/confirm-dialog';
import { showAlert } from '../../../components/alerts';
import { useQueuedChange } from '../../../hooks/use-queued-change';
import {
  requestNotify,
  requestStatusChange,
  requestTransferAction,
  type StatusCollectionName,
} from '../../../offline/actions';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import type { AnyListConfig, AnyRecord } from '../list-config';
import {
  NOTIFY_ERROR,
  NOTIFY_FAILURE_LOG,
  NOTIFY_NEEDS_COMPLETED,
  NOTIFY_SUCCESS,
  canNotify,
  type RecordAction,
} from '../record-actions';

function queue(
  config: AnyListConfig,
  record: AnyRecord,
  action: RecordAction,
): Promise<OutboxEntry> {
  if (config.statusActions === 'transfer') {
    return requestTransferAction(record as Transfer, action.action);
  }
  const collection = config.collection as StatusCollectionName;
  return requestStatusChange(
    collection,
    record as Parameters<typeof requestStatusChange>[1],
    action.target,
  );
}

export function useRecordActions(config: AnyListConfig) {
  const confirm = useConfirm();
  const { busy, run: queueAndReport } = useQueuedChange<TransferAction | 'notify'>();

  const runAction = useCallback(
    async (record: AnyRecord, action: RecordAction) => {
      if (action.confirm && !(await confirm(action.confirm))) return;
      await queueAndReport(action.action, () => queue(config, record, action), {
        log: action.failure,
        success: action.action === 'flag' ? config.flagSuccess : undefined,
      });
    },
    [config, confirm, queueAndReport],
  );

  const notify = useCallback(
    async (transfer: Transfer) => {
      if (!canNotify(transfer.status)) {
        showAlert(NOTIFY_NEEDS_COMPLETED, 'error');
        return;
      }
      await queueAndReport('notify', () => requestNotify(transfer), {
        log: NOTIFY_FAILURE_LOG,
        success: NOTIFY_SUCCESS,
        failure: NOTIFY_ERROR,
      });
    },
    [queueAndReport],
  );

  return { busy, runAction, notify };
}
