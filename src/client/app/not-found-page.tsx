import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { notFoundMessages } from './shell.messages';

export function NotFoundPage() {
  const t = useStore(notFoundMessages);
  return (
    <Stack align="flex-start" gap="sm" maw={520}>
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Text c="dimmed">{t.text}</Text>
      <Button renderRoot={(props) => <Link {...props} to="/dashboard" />}>{t.back}</Button>
    </Stack>
  );
}
