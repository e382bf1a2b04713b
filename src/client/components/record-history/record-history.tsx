// A record's History (issue 19, section 5): who changed what and when, newest first, with the
// device's own unsent changes at the top. Each logged change reads in the access log's words
// (access-words.messages.ts), so an action added there shows here without a change.
//
//   <RecordHistory list="transfers" id={transfer.transfer_id} created={{ at: transfer.created_at }} />
import { memo } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { HISTORY_COLLECTIONS, type HistoryCollection } from '../../../shared/record-history';
import { formatDateTime } from '../../lib/dates';
import { actionLabel, actionLabelMessages } from '../../lib/action-label';
import { intlLocale } from '../../i18n/locale';
import { ownWords, whatWords } from '../../features/access-log/access-words';
import { useAccessWords } from '../../features/access-log/use-access-words';
import { historyItems, type HistoryItem, type HistoryWords } from './history-items';
import { recordHistoryMessages } from './record-history.messages';
import { useRecordHistory } from './use-record-history';

interface HistoryLineProps {
  kind: HistoryItem['kind'];
  what: string;
  who: string;
  /** When (an ISO instant), written in the locale's words. */
  at: string;
  locale: string | undefined;
  offline: boolean;
  notSent: string;
  madeOffline: string;
  separator: string;
}

/**
 * One line, drawn again only when its own words change: each change queued offline on a record
 * adds a line, and every earlier line stays as it was (a tap no longer redraws them all, which
 * made each tap slower with every change pending on the record).
 */
const HistoryLine = memo(function HistoryLine({ kind, what, who, at, locale, offline, notSent, madeOffline, separator }: HistoryLineProps) {
  return (
    <li data-testid="history-item" data-kind={kind}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {what}
        </Text>
        {kind === 'pending' ? (
          <Badge variant="default" size="sm">
            {notSent}
          </Badge>
        ) : null}
        {offline ? (
          <Badge variant="light" color="gray" size="sm">
            {madeOffline}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {kind === 'created' ? null : <span data-testid="history-who">{who}</span>}
        {kind === 'created' ? null : separator}
        <time dateTime={at}>{formatDateTime(at, { locale })}</time>
      </Text>
    </li>
  );
});

interface RecordHistoryProps {
  list: HistoryCollection;
  id: number;
  /** When the record was made, and through which channel when its data says so. */
  created?: { at: string; via?: 'account' | 'guest' };
  /** The heading's level: under the page's own title (2) or a record's (3, the default). */
  order?: 2 | 3;
}

export function RecordHistory({ list, id, created, order = 3 }: RecordHistoryProps) {
  const t = useStore(recordHistoryMessages);
  const labels = useStore(actionLabelMessages);
  const words = useAccessWords();
  const { kept, stale, unsent, online } = useRecordHistory(list, id);
  const locale = intlLocale();
  const historyWords: HistoryWords = {
    // A patient's History gathers several records: each line names its record.
    logged: (entry) => (list === 'users' && entry.collection !== 'users' ? whatWords(entry, words) : ownWords(entry, words)),
    pending: (entry) => actionLabel(labels, entry),
    created: created?.via ? t.createdVia({ via: created.via === 'account' ? t.viaAccount : t.viaGuest }) : t.created,
  };
  const items = historyItems(kept?.entries ?? [], unsent, historyWords, created?.at);
  const waiting = kept === null && !stale;

  return (
    <Stack gap="xs" data-testid="record-history" aria-busy={waiting}>
      <Title order={order} size="h5">
        {t.title}
      </Title>
      {kept === null && stale ? (
        <Text size="sm" c="dimmed">
          {online ? t.failed : t.unavailable}
        </Text>
      ) : null}
      {kept !== null && stale ? (
        <Text size="sm" c="dimmed" data-testid="record-history-as-of">
          {t.asOf({ time: formatDateTime(new Date(kept.readAt).toISOString(), { locale }) })}
        </Text>
      ) : null}
      {waiting ? (
        <Text size="sm" c="dimmed">
          {t.loading}
        </Text>
      ) : null}
      {!waiting && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <HistoryLine
              key={item.key}
              kind={item.kind}
              what={item.what}
              who={item.who ?? t.unknownWho}
              at={item.at}
              locale={locale}
              offline={item.offline}
              notSent={t.notSent}
              madeOffline={t.madeOffline}
              separator={t.separator}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

const isHistoryList = (list: string): list is HistoryCollection => (HISTORY_COLLECTIONS as readonly string[]).includes(list);

/** The History of any list's record, or nothing for a list without one (new prescriptions). */
export function RecordHistoryOf({ list, record, keyField }: { list: string; record: object; keyField: string }) {
  const fields = record as Record<string, unknown>;
  const id = fields[keyField];
  if (!isHistoryList(list) || typeof id !== 'number') return null;
  // The channel is said only where the data says it (an inquiry: a patient's or a guest's).
  const at = typeof fields.created_at === 'string' ? fields.created_at : null;
  return <RecordHistory list={list} id={id} created={at ? { at } : undefined} />;
}
