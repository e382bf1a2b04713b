import { Title } from '@mantine/core';

export function DashboardPage() {
  return (
    <Title order={1} size="h2" mb="md">
      Admin Dashboard
    </Title>
  );
}
