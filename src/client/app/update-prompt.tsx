import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { appUpdate, applyUpdate } from './register-sw';
import { updateMessages } from './shell.messages';

/** 'A new version is available' with Reload; the reload waits for changes being sent. */
export function UpdatePrompt() {
  const state = useSyncExternalStore(appUpdate.subscribe, appUpdate.get);
  const t = useStore(updateMessages);
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
          {state === 'reloading' ? t.reloading : t.available}
        </Text>
        <Button size="xs" onClick={applyUpdate} loading={state === 'reloading'}>
          {t.reload}
        </Button>
      </Group>
    </Paper>
  );
}
