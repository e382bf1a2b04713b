import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { wipeProblem } from '../lib/end-session';

/** Says so when the device's patient data could not be removed, and offers to try again. */
export function WipeProblem() {
  const problem = useSyncExternalStore(wipeProblem.subscribe, wipeProblem.get);
  return (
    <Modal
      opened={problem !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title="Patient data is still on this device"
      centered
    >
      <Text mb="lg" role="alert">
        {problem?.message}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => problem?.retry()}>Try again</Button>
      </Group>
    </Modal>
  );
}
