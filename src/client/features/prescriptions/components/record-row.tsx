import { memo } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { intlLocale, locale } from '../../../i18n/locale';
import { formatListDate } from '../../../lib/dates';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { PendingMark } from '../../../components/pending-mark';
import type { Assigned } from '../../../../shared/assignment';
import { AssigneeTag } from '../../../components/assignment/assignee-tag';
import type { PresenceList } from '../../../../shared/presence';
import { PresenceInitials } from '../../../components/presence/presence-initials';
import { recordName, type AnyRecord } from '../list-config';
import { statusMessages } from '../values.messages';
import { StatusBadge } from './status-badge';
import { paneClasses as classes } from '../../../components/two-pane';

export const ROW_HEIGHT = 68;

interface RecordRowProps {
  record: AnyRecord;
  recordKey: number;
  secondary: string;
  selected: boolean;
  /** Its list, for who else has the record open (issue 19 §2). */
  list: PresenceList;
  entries: OutboxEntry[] | undefined;
  now: Date;
  onSelect: (key: number) => void;
}

export const RecordRow = memo(function RecordRow({
  record,
  recordKey,
  secondary,
  selected,
  list,
  entries,
  now,
  onSelect,
}: RecordRowProps) {
  const status = useStore(statusMessages);
  const language = useStore(locale);
  const active = record.status === 'active';
  return (
    <UnstyledButton
      className={classes.rowButton}
      aria-current={selected ? 'true' : undefined}
      data-testid="prescription-row"
      data-record-key={recordKey}
      data-status={record.status}
      onClick={() => onSelect(recordKey)}
    >
      {active ? (
        <span className={classes.dot} data-active role="img" aria-label={status.active} />
      ) : (
        <span className={classes.dot} aria-hidden />
      )}
      <span className={classes.rowMain}>
        <Text component="span" display="block" fw={600} truncate="end">
          {recordName(record)}
        </Text>
        <Text component="span" display="block" size="sm" c="dimmed" truncate="end">
          {secondary}
        </Text>
      </span>
      <span className={classes.rowSide}>
        <Text component="span" size="xs" c="dimmed">
          {formatListDate(record.created_at, now, { locale: intlLocale(language) })}
        </Text>
        <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <PresenceInitials list={list} id={recordKey} />
          <AssigneeTag record={record as Assigned} />
          {entries && entries.length > 0 ? <PendingMark entries={entries} /> : null}
          <StatusBadge size="sm" status={record.status} />
        </span>
      </span>
    </UnstyledButton>
  );
});
