import { Badge, Table, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { AccessLogEntry } from '../../../../shared/access-log';
import { intlLocale } from '../../../i18n/locale';
import { formatDateTime } from '../../../lib/dates';
import { accessLogTableMessages } from '../access-log.messages';
import { whatWords } from '../access-words';
import { useAccessWords } from '../use-access-words';

/** One row per entry: who, what, whose, when (and when the server heard it), which device. */
export function AccessLogTable({ entries, showPatient = true }: { entries: readonly AccessLogEntry[]; showPatient?: boolean }) {
  const t = useStore(accessLogTableMessages);
  const words = useAccessWords();
  const when = (iso: string) => formatDateTime(iso, { locale: intlLocale() });
  return (
    // Below 640 px the table scrolls sideways: its viewport takes focus, so the arrow keys scroll
    // it (WCAG 2.1.1; axe `scrollable-region-focusable`), and is named for a screen reader.
    <Table.ScrollContainer
      minWidth={640}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t.region } }}
    >
      <Table striped highlightOnHover data-testid="access-log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.when}</Table.Th>
            <Table.Th>{t.who}</Table.Th>
            <Table.Th>{t.what}</Table.Th>
            {showPatient ? <Table.Th>{t.whose}</Table.Th> : null}
            <Table.Th>{t.device}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.entry_id} data-testid="access-log-row" data-action={entry.action}>
              <Table.Td>
                <Text size="sm">{when(entry.occurred_at)}</Text>
                {entry.offline ? (
                  <Badge size="xs" variant="light" color="gray" data-testid="access-log-offline">
                    {t.madeOffline({ received: when(entry.received_at) })}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{entry.actor_name ?? entry.actor_uid}</Table.Td>
              <Table.Td>{whatWords(entry, words)}</Table.Td>
              {showPatient ? <Table.Td>{entry.patient_name ?? '—'}</Table.Td> : null}
              <Table.Td>
                <Text size="xs" c="dimmed" ff="monospace">
                  {entry.device_id ? entry.device_id.slice(0, 8) : '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
