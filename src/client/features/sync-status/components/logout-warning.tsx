import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { logoutPrompt } from '../logout-prompt';
import { logoutWarningMessages } from '../sync-status.messages';

/** Answers useLogout's question; mounted once, by the nav bar's UnsentChangesButton. */
export function LogoutWarning() {
  const prompt = useSyncExternalStore(logoutPrompt.subscribe, logoutPrompt.get);
  const t = useStore(logoutWarningMessages);
  return (
    <Modal
      opened={prompt !== null}
      onClose={() => prompt?.answer('wait')}
      title={t.title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <Text mb={prompt?.others ? 'xs' : 'lg'}>
        {t.unsent(prompt?.unsent ?? 0)}
      </Text>
      {prompt?.others ? (
        <Text mb="lg">
          {prompt.others === prompt.unsent ? t.allOthers : t.someOthers(prompt.others)}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => prompt?.answer('wait')} data-autofocus>
          {t.wait}
        </Button>
        <Button color="red.9" onClick={() => prompt?.answer('discard')}>
          {t.discard}
        </Button>
      </Group>
    </Modal>
  );
}
