import { Title } from '@mantine/core';

export function CalendarViewPage() {
  return (
    <Title order={1} size="h2" mb="md">
      Appointments Dashboard
    </Title>
  );
}
