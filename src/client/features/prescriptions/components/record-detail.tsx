import { memo, useEffect, useId, useRef } from 'react';
import { FieldList } from '../../../components/field-list';
import { BackToList } from '../../../components/two-pane';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { Transfer } from '../../../../shared/entities';
import { isInFlight, type OutboxEntry } from '../../../offline/outbox-entry';
import { ChangeProblems } from '../../../components/change-problems';
import { focusableWhileLoading } from '../../../components/focusable-while-loading';
import { PendingMark } from '../../../components/pending-mark';
import { useAccessRecord } from '../../../hooks/use-access-record';
import { useRecordShortcuts } from '../../../hooks/use-shortcut-targets';
import { actionLabelMessages } from '../../../lib/action-label';
import { useRecordActions } from '../hooks/use-record-actions';
import { useValueWords } from '../hooks/use-value-words';
import { recordName, type AnyListConfig, type AnyRecord, type DetailField } from '../list-config';
import { allowedActions, canNotify, type RecordAction } from '../record-actions';
import { recordActionMessages } from '../record-actions.messages';
import { StatusBadge } from './status-badge';
import type { Assigned } from '../../../../shared/assignment';
import { AssignmentControl } from '../../../components/assignment/assignment-control';
import { PresenceLine } from '../../../components/presence/presence-line';
import { RecordHistoryOf } from '../../../components/record-history/record-history';
import classes from './prescriptions.module.css';

interface RecordDetailProps {
  config: AnyListConfig;
  record: AnyRecord;
  entries: OutboxEntry[] | undefined;
  /** Move focus to the heading on mount (phone: the list pane just went away). */
  focusOnMount: boolean;
  onBack: () => void;
}

/**
 * One button per pair (Complete/Incomplete, Flag/Unflag): the one pressed stays and changes its
 * words with the status, so focus stays on it (a new button would leave focus on the page).
 */
const ACTION_SLOT: Record<RecordAction['action'], string> = {
  complete: 'completion',
  incomplete: 'completion',
  flag: 'flag',
  unflag: 'flag',
};

const ACTION_STYLE: Record<RecordAction['action'], { variant: string; color?: string }> = {
  complete: { variant: 'filled' },
  incomplete: { variant: 'default' },
  flag: { variant: 'light', color: 'red' },
  unflag: { variant: 'default' },
};

/**
 * The open record, rendered again when it or its queued changes change, not when another row of
 * the list does (each answer of a replay, each sync page).
 */
export const RecordDetail = memo(function RecordDetail({
  config,
  record,
  entries = [],
  focusOnMount,
  onBack,
}: RecordDetailProps) {
  const { busy, runAction, notify } = useRecordActions(config);
  const t = useStore(recordActionMessages);
  const labels = useStore(actionLabelMessages);
  const words = useValueWords();
  const key = (record as Record<string, unknown>)[config.key] as number;
  useAccessRecord({ action: 'view', collection: config.collection, record_id: key, patient_user_id: null });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notifyHintId = useId();
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const notifying =
    busy === 'notify' || entries.some((entry) => entry.action === 'transfer-notify' && isInFlight(entry));
  const notifiable = canNotify(record.status);
  const fields = config.detailFields as readonly DetailField<AnyRecord>[];
  const actions = config.statusActions === 'none' ? [] : allowedActions(record.status);
  // Keyboard shortcuts c, i, f, n (issue 20): what the buttons below run, as they run it.
  useRecordShortcuts({
    ...Object.fromEntries(actions.map((action) => [action.action, () => void runAction(record, action)])),
    busy: busy !== null,
    notify: config.notify
      ? () => {
          if (!notifying) void notify(record as Transfer);
        }
      : undefined,
  });

  return (
    <Stack gap="sm" data-testid="prescription-detail">
      <BackToList onBack={onBack} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {recordName(record)}
            </Title>
            <StatusBadge status={record.status} data-testid="prescription-detail-status" />
            {entries.length > 0 ? <PendingMark entries={entries} /> : null}
          </Group>

          <PresenceLine list={config.collection} id={key} />

          {config.collection !== 'newPrescriptions' ? (
            <AssignmentControl collection={config.collection} record={record as Assigned & object} recordKey={key} entries={entries} />
          ) : null}

          <ChangeProblems entries={entries} data-testid="prescription-conflict" />

          <FieldList fields={fields.map((field) => ({ label: words.fields[field.label], value: field.value(record, words) }))} />

          {actions.length > 0 || config.notify ? (
            <div className={classes.actions}>
              <Group gap="sm" wrap="wrap">
                {actions.map((action) => (
                  <Button
                    key={ACTION_SLOT[action.action]}
                    {...ACTION_STYLE[action.action]}
                    loading={busy === action.action}
                    disabled={busy !== null && busy !== action.action}
                    renderRoot={focusableWhileLoading}
                    onClick={() => void runAction(record, action)}
                  >
                    {labels[action.action]}
                  </Button>
                ))}
                {config.notify ? (
                  <Button
                    variant="filled"
                    color="blue"
                    data-disabled={!notifiable || notifying || undefined}
                    aria-disabled={!notifiable || notifying || undefined}
                    aria-describedby={notifiable ? undefined : notifyHintId}
                    onClick={(event) => {
                      event.preventDefault();
                      if (notifying) return;
                      void notify(record as Transfer);
                    }}
                    data-testid="prescription-notify"
                  >
                    {notifying ? t.notifying : t.notify}
                  </Button>
                ) : null}
              </Group>
              {config.notify && !notifiable ? (
                <Text id={notifyHintId} size="sm" c="dimmed">
                  {t.notifyNeedsCompleted}
                </Text>
              ) : null}
            </div>
          ) : null}

          <RecordHistoryOf list={config.collection} record={record} keyField={config.key} />
        </Stack>
      </Paper>
    </Stack>
  );
});
