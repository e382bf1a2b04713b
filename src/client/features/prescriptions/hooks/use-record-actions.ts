// Runs the detail pane's actions through the offline outbox: the cached record changes at once,
// and the spec's success texts wait for the server's answer (DESIGN.md section 4).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Transfer } from '../../../../shared/entities';
import type { TransferAction } from '../../../../shared/request-status';
import { useConfirm } from '../../../components/confirm-dialog';
import { showAlert } from '../../../components/alerts';
import { useOnline } from '../../../hooks/use-online';
import {
  requestNotify,
  requestStatusChange,
  requestTransferAction,
  waitForOutboxResult,
  type StatusCollectionName,
} from '../../../offline/actions';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import type { AnyListConfig, AnyRecord } from '../list-config';
import {
  NOTIFY_ERROR,
  NOTIFY_FAILURE_LOG,
  NOTIFY_NEEDS_COMPLETED,
  NOTIFY_SUCCESS,
  SAVED_OFFLINE,
  canNotify,
  type RecordAction,
} from '../record-actions';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
  const online = useOnline();
  // Read when the action runs, after the confirm dialog: the connection may have changed meanwhile.
  const onlineRef = useRef(online);
  useEffect(() => {
    onlineRef.current = online;
  }, [online]);
  const [busy, setBusy] = useState<TransferAction | 'notify' | null>(null);

  const runAction = useCallback(
    async (record: AnyRecord, action: RecordAction) => {
      if (action.confirm && !(await confirm(action.confirm))) return;
      setBusy(action.action);
      let entry: OutboxEntry;
      try {
        entry = await queue(config, record, action);
      } catch (error) {
        console.error(action.failure, error);
        showAlert(errorText(error), 'error');
        return;
      } finally {
        setBusy(null);
      }
      if (!onlineRef.current) showAlert(SAVED_OFFLINE, 'info');
      const result = await waitForOutboxResult(entry.id);
      if (result.ok) {
        if (action.action === 'flag' && config.flagSuccess)
          showAlert(config.flagSuccess, 'success');
      } else {
        console.error(action.failure, result.status, result.message);
        showAlert(result.message, 'error');
      }
    },
    [config, confirm],
  );

  const notify = useCallback(async (transfer: Transfer) => {
    if (!canNotify(transfer.status)) {
      showAlert(NOTIFY_NEEDS_COMPLETED, 'error');
      return;
    }
    setBusy('notify');
    let entry: OutboxEntry;
    try {
      entry = await requestNotify(transfer);
    } catch (error) {
      console.error(NOTIFY_FAILURE_LOG, error);
      showAlert(NOTIFY_ERROR, 'error');
      return;
    } finally {
      setBusy(null);
    }
    if (!onlineRef.current) showAlert(SAVED_OFFLINE, 'info');
    const result = await waitForOutboxResult(entry.id);
    if (result.ok) {
      showAlert(NOTIFY_SUCCESS, 'success');
    } else {
      console.error(NOTIFY_FAILURE_LOG, result.status, result.message);
      showAlert(NOTIFY_ERROR, 'error');
    }
  }, []);

  return { busy, runAction, notify };
}
