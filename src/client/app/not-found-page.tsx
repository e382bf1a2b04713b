import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="sm" maw={520}>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Button renderRoot={(props) => <Link {...props} to="/dashboard" />}>Back to the dashboard</Button>
    </Stack>
  );
}
