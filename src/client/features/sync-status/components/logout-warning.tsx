import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { changesWords, haveWords } from '../entry-words';
import { logoutPrompt } from '../logout-prompt';

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
      <Text mb={prompt?.others ? 'xs' : 'lg'}>
        {changesWords(prompt?.unsent ?? 0)} {haveWords(prompt?.unsent ?? 0)} not been sent to the server yet. Logging out removes them from this
        device for good.
      </Text>
      {prompt?.others ? (
        <Text mb="lg">
          {prompt.others === prompt.unsent ? 'All of them were' : `${prompt.others} of them were`} made by someone
          else and can be sent only when that person signs in here.
        </Text>
      ) : null}
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
