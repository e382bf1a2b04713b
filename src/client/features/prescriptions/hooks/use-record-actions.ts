// The detail pane's actions, queued through the offline outbox (hooks/use-queued-change.ts).
import { useCallback } from 'react';
import { notifyCall, statusCall, transferStatusCall } from '../../../../shared/actions/calls';
import type { ActionCall } from '../../../../shared/actions/registry';
import { COLLECTIONS } from '../../../../shared/collections';
import type { Transfer } from '../../../../shared/entities';
import type { TransferAction } from '../../../../shared/request-status';
import { useConfirm } from '../../../components/confirm-dialog';
import { showAlert } from '../../../components/alerts';
import { useQueuedChange } from '../../../hooks/use-queued-change';
import { textsOf } from '../../../i18n/i18n';
import { queueAction } from '../../../offline/actions';
import type { AnyListConfig, AnyRecord } from '../list-config';
import { NOTIFY_FAILURE_LOG, canNotify, type RecordAction } from '../record-actions';
import { recordActionMessages } from '../record-actions.messages';

/** The staff action a status button of this list runs on `record` (src/shared/actions). */
function statusActionCall(config: AnyListConfig, record: AnyRecord, action: RecordAction): ActionCall {
  const key = (record as Record<string, unknown>)[COLLECTIONS[config.collection].key] as number;
  switch (config.collection) {
    case 'transfers':
      return transferStatusCall(key, action.action);
    case 'refills':
    case 'autofill':
    case 'reminders':
      return statusCall(config.collection, key, action.target);
    default:
      throw new Error(`${config.collection} has no status actions`);
  }
}

export function useRecordActions(config: AnyListConfig) {
  const confirm = useConfirm();
  const { busy, run: queueAndReport } = useQueuedChange<TransferAction | 'notify'>();

  const runAction = useCallback(
    async (record: AnyRecord, action: RecordAction) => {
      if (action.confirm && !(await confirm(textsOf(recordActionMessages)[action.confirm]))) return;
      await queueAndReport(action.action, () => queueAction(statusActionCall(config, record, action), record), {
        log: action.failure,
        success: action.action === 'flag' ? textsOf(config.texts).flagSuccess : undefined,
      });
    },
    [config, confirm, queueAndReport],
  );

  const notify = useCallback(
    async (transfer: Transfer) => {
      const texts = textsOf(recordActionMessages);
      if (!canNotify(transfer.status)) {
        showAlert(texts.notifyNeedsCompleted, 'error');
        return;
      }
      await queueAndReport('notify', () => queueAction(notifyCall(transfer), transfer), {
        log: NOTIFY_FAILURE_LOG,
        success: texts.notifySuccess,
        failure: texts.notifyError,
      });
    },
    [queueAndReport],
  );

  return { busy, runAction, notify };
}
