import { useEffect, useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { AccessLogEntry } from '../../../../shared/access-log';
import { useOnline } from '../../../hooks/use-online';
import { fetchAccessLog } from '../api/access-log-api';
import { patientAccessMessages } from '../access-log.messages';
import { AccessLogTable } from './access-log-table';

/** A patient's detail page: who accessed their data, latest first (issue 18). */
export function PatientAccess({ userId }: { userId: number }) {
  const t = useStore(patientAccessMessages);
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
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t.title} data-testid="patient-access">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        {!online ? (
          <Text size="sm" c="dimmed">
            {t.offline}
          </Text>
        ) : entries === null ? (
          <Text size="sm">{t.loading}</Text>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        ) : (
          <AccessLogTable entries={entries} showPatient={false} />
        )}
      </Stack>
    </Paper>
  );
}
