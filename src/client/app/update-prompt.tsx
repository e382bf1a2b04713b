import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { appUpdate, applyUpdate } from './register-sw';

/** 'A new version is available' with Reload; the reload waits for changes being sent. */
export function UpdatePrompt() {
  const state = useSyncExternalStore(appUpdate.subscribe, appUpdate.get);
  if (state === 'none') return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      data-testid="update-prompt"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 300, maxWidth: 420, marginInline: 'auto' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          A new version is available
          {state === 'reloading' ? '. Reloading once the changes being sent are done…' : ''}
        </Text>
        <Button size="xs" onClick={applyUpdate} loading={state === 'reloading'}>
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
