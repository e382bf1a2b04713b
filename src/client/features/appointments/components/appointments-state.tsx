import { Alert, Group, Loader, Text } from '@mantine/core';
import { FETCH_APPOINTMENTS_FAILED, LOADING_APPOINTMENTS } from '../appointment-texts';

/** The spec's loading text while nothing is cached yet, or its fetch error when that failed. */
export function AppointmentsState({ rows, error }: { rows: unknown[] | undefined; error: string | null }) {
  if (rows !== undefined && !(rows.length === 0 && error)) return null;
  return error ? (
    <Alert color="red" variant="light" role="alert">
      {FETCH_APPOINTMENTS_FAILED}
    </Alert>
  ) : (
    <Group gap="xs" role="status">
      <Loader size="xs" />
      <Text size="sm">{LOADING_APPOINTMENTS}</Text>
    </Group>
  );
}
