import { Badge, Table, Text } from '@mantine/core';
import type { AccessLogEntry } from '../../../../shared/access-log';
import { formatDateTime } from '../../../lib/dates';
import { whatWords } from '../access-words';

/** One row per entry: who, what, whose, when (and when the server heard it), which device. */
export function AccessLogTable({ entries, showPatient = true }: { entries: readonly AccessLogEntry[]; showPatient?: boolean }) {
  return (
    // Below 640 px the table scrolls sideways: its viewport takes focus, so the arrow keys scroll
    // it (WCAG 2.1.1; axe `scrollable-region-focusable`), and is named for a screen reader.
    <Table.ScrollContainer
      minWidth={640}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Access log entries' } }}
    >
      <Table striped highlightOnHover data-testid="access-log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
            {showPatient ? <Table.Th>Whose</Table.Th> : null}
            <Table.Th>Device</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.entry_id} data-testid="access-log-row" data-action={entry.action}>
              <Table.Td>
                <Text size="sm">{formatDateTime(entry.occurred_at)}</Text>
                {entry.offline ? (
                  <Badge size="xs" variant="light" color="gray" data-testid="access-log-offline">
                    made offline · received {formatDateTime(entry.received_at)}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{entry.actor_name ?? entry.actor_uid}</Table.Td>
              <Table.Td>{whatWords(entry)}</Table.Td>
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
