import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useConfirm } from '../../../components/confirm-dialog';
import { showAlert } from '../../../components/alerts';
import { discardEntry, retryEntry } from '../../../offline/outbox';
import { isInFlight, type OutboxEntry } from '../../../offline/outbox-entry';
import { queuedWords, recordWords, stateWords } from '../entry-words';

const DISCARD_QUESTION = 'Discard this change? The record will show what the server has.';

function EntryItem({ entry, waitingForSignIn }: { entry: OutboxEntry; waitingForSignIn: boolean }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const attention = !isInFlight(entry);
  const titleId = `unsent-${entry.id}`;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showAlert(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-labelledby={titleId} data-testid="unsent-entry" data-state={entry.state}>
      <Text id={titleId} fw={600}>
        {entry.label} · {recordWords(entry)}
      </Text>
      <Text size="sm" c="dimmed">
        Queued {queuedWords(entry.createdAt)}
      </Text>
      <Text size="sm" c={attention ? 'red.9' : undefined} mt={4}>
        {stateWords(entry, waitingForSignIn)}
      </Text>
      {attention ? (
        <Group gap="xs" mt="sm">
          <Button size="xs" variant="light" loading={busy} onClick={() => void run(() => retryEntry(entry.id))}>
            Retry
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                if (await confirm(DISCARD_QUESTION)) await discardEntry(entry.id);
              })
            }
          >
            Discard
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

export function UnsentChangesList({ entries, waitingForSignIn }: { entries: OutboxEntry[]; waitingForSignIn: boolean }) {
  if (entries.length === 0) return <Text c="dimmed">Every change has been sent.</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <EntryItem key={entry.id} entry={entry} waitingForSignIn={waitingForSignIn} />
      ))}
    </Stack>
  );
}
