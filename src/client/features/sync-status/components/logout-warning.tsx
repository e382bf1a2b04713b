import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { logoutPrompt } from '../logout-prompt';

function changesWords(count: number): string {
  return count === 1 ? '1 change has' : `${count} changes have`;
}

/** Answers useLogout's question; mounted once, by the nav bar's UnsentChangesButton. */
export function LogoutWarning() {
  const prompt = useSyncExternalStore(logoutPrompt.subscribe, logoutPrompt.get);
  return (
    <Modal
      opened={prompt !== null}
      onClose={() => prompt?.answer('wait')}
      title="Changes not sent yet"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">
        {changesWords(prompt?.unsent ?? 0)} not been sent to the server yet. Logging out removes them from this
        device for good.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => prompt?.answer('wait')} data-autofocus>
          Wait and send
        </Button>
        <Button color="red.9" onClick={() => prompt?.answer('discard')}>
          Discard and log out
        </Button>
      </Group>
    </Modal>
  );
}
