import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { wipeProblem } from '../lib/end-session';
import { problemWords } from '../lib/problem-words';
import { problemMessages } from '../lib/problem.messages';
import { wipeMessages } from './components.messages';

/** Says so when the device's patient data could not be removed, and offers to try again. */
export function WipeProblem() {
  const problem = useSyncExternalStore(wipeProblem.subscribe, wipeProblem.get);
  const t = useStore(wipeMessages);
  const problems = useStore(problemMessages);
  return (
    <Modal
      opened={problem !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={t.title}
      centered
    >
      <Text mb="lg" role="alert">
        {problem ? problemWords(problems, problem.problem, problem.message) : null}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => problem?.retry()}>{t.tryAgain}</Button>
      </Group>
    </Modal>
  );
}
