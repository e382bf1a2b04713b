import { Title } from '@mantine/core';

export function ManageAvailabilitiesPage() {
  return (
    <Title order={1} size="h2" mb="md">
      Block/Unblock Availabilities
    </Title>
  );
}
