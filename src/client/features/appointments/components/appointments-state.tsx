import { Alert, Group, Loader, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { pagesMessages } from './pages.messages';

/** The spec's loading text while nothing is cached yet, or its fetch error when that failed. */
export function AppointmentsState({ rows, error }: { rows: unknown[] | undefined; error: string | null }) {
  const t = useStore(pagesMessages);
  if (rows !== undefined && !(rows.length === 0 && error)) return null;
  return error ? (
    <Alert color="red" variant="light" role="alert">
      {t.loadFailed}
    </Alert>
  ) : (
    <Group gap="xs" role="status">
      <Loader size="xs" />
      <Text size="sm">{t.loading}</Text>
    </Group>
  );
}
