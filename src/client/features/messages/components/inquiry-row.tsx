import { memo } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { Inquiry } from '../../../../shared/entities';
import { PendingMark } from '../../../components/pending-mark';
import { PresenceInitials } from '../../../components/presence/presence-initials';
import { paneClasses as classes } from '../../../components/two-pane';
import { formatListDate } from '../../../lib/dates';
import { intlLocale } from '../../../i18n/locale';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { messagePreview, shownName } from '../inquiry-list';
import { AssigneeTag } from '../../../components/assignment/assignee-tag';
import { inquiryListMessages } from '../inquiry-list.messages';

export const ROW_HEIGHT = 68;

interface InquiryRowProps {
  inquiry: Inquiry;
  selected: boolean;
  entries: OutboxEntry[] | undefined;
  now: Date;
  onSelect: (key: number) => void;
}

export const InquiryRow = memo(function InquiryRow({ inquiry, selected, entries, now, onSelect }: InquiryRowProps) {
  // Read here too: a memoized row re-renders on a language switch (its date, its words).
  const t = useStore(inquiryListMessages);
  const unresolved = !inquiry.resolved;
  return (
    <UnstyledButton
      className={classes.rowButton}
      aria-current={selected ? 'true' : undefined}
      data-testid="inquiry-row"
      data-record-key={inquiry.message_id}
      data-new={unresolved || undefined}
      onClick={() => onSelect(inquiry.message_id)}
    >
      {unresolved ? (
        <span className={classes.dot} data-active role="img" aria-label={t.newMark} data-testid="inquiry-new-dot" />
      ) : (
        <span className={classes.dot} aria-hidden />
      )}
      <span className={classes.rowMain}>
        <Text component="span" display="block" fw={600} truncate="end">
          {shownName(inquiry, t.unknownUser)}
        </Text>
        <Text component="span" display="block" size="sm" c="dimmed" truncate="end" data-testid="inquiry-preview">
          {messagePreview(inquiry.message)}
        </Text>
      </span>
      <span className={classes.rowSide}>
        <Text component="span" size="xs" c="dimmed" data-testid="inquiry-time">
          {formatListDate(inquiry.created_at, now, { locale: intlLocale() })}
        </Text>
        <AssigneeTag record={inquiry} />
        <PresenceInitials list="inquiries" id={inquiry.message_id} />
        {entries && entries.length > 0 ? <PendingMark entries={entries} /> : null}
      </span>
    </UnstyledButton>
  );
});
