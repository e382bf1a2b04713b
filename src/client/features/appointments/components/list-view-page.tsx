import { Title } from '@mantine/core';

export function ListViewPage() {
  return (
    <Title order={1} size="h2" mb="md">
      Appointments
    </Title>
  );
}
