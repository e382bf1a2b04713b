import { Center, Group, Loader, Text } from '@mantine/core';

/** Spec "Guard": 'Loading...' while the role is being checked. */
export function GuardLoading() {
  return (
    <Center mih="100dvh" bg="var(--app-background)" role="status">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading...</Text>
      </Group>
    </Center>
  );
}
