import { Title } from '@mantine/core';

export function UsersPage() {
  return (
    <Title order={1} size="h2" mb="md">
      Search Users
    </Title>
  );
}
