import { useEffect, useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { AccessLogEntry } from '../../../../shared/access-log';
import { useOnline } from '../../../hooks/use-online';
import { fetchAccessLog } from '../api/access-log-api';
import { AccessLogTable } from './access-log-table';

/** A patient's detail page: who accessed their data, latest first (issue 18). */
export function PatientAccess({ userId }: { userId: number }) {
  const online = useOnline();
  const [entries, setEntries] = useState<AccessLogEntry[] | null>(null);
  useEffect(() => {
    if (!online) return;
    let current = true;
    fetchAccessLog({ patient_user_id: String(userId) }, undefined, 20)
      .then((page) => current && setEntries(page.entries))
      .catch(() => current && setEntries([]));
    return () => {
      current = false;
    };
  }, [userId, online]);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Who accessed this record" data-testid="patient-access">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Who accessed this record
        </Title>
        {!online ? (
          <Text size="sm" c="dimmed">
            Kept on the server: shows when the connection returns.
          </Text>
        ) : entries === null ? (
          <Text size="sm">Loading…</Text>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            No one yet.
          </Text>
        ) : (
          <AccessLogTable entries={entries} showPatient={false} />
        )}
      </Stack>
    </Paper>
  );
}
