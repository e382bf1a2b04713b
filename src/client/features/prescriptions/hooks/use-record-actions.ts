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

  /**
   * Queues one change and reports its fate: an info line when it waits for the connection, then
   * `success` (if any) after the server's 2xx, or `failure` (else the server's own words).
   */
  const queueAndReport = useCallback(
    async (
      busyAs: TransferAction | 'notify',
      enqueue: () => Promise<OutboxEntry>,
      words: { log: string; success?: string; failure?: string },
    ) => {
      setBusy(busyAs);
      let entry: OutboxEntry;
      try {
        entry = await enqueue();
      } catch (error) {
        console.error(words.log, error);
        showAlert(words.failure ?? errorText(error), 'error');
        return;
      } finally {
        setBusy(null);
      }
      if (!onlineRef.current) showAlert(SAVED_OFFLINE, 'info');
      const result = await waitForOutboxResult(entry.id);
      if (result.ok) {
        if (words.success) showAlert(words.success, 'success');
      } else {
        console.error(words.log, result.status, result.message);
        showAlert(words.failure ?? result.message, 'error');
      }
    },
    [],
  );

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
