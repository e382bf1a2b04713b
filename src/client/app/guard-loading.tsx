import { Center, Group, Loader, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { guardMessages } from './shell.messages';

/** Spec "Guard": 'Loading...' while the role is being checked. */
export function GuardLoading() {
  const t = useStore(guardMessages);
  return (
    <Center mih="100dvh" bg="var(--app-background)" role="status">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t.loading}</Text>
      </Group>
    </Center>
  );
}
