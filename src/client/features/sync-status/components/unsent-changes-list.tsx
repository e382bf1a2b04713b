import { useBusyRun } from '../hooks/use-busy-run';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useConfirm } from '../../../components/confirm-dialog';
import { needsAttention, useEntryStanding } from '../../../hooks/use-entry-standing';
import { discardEntry, requeueEntry } from '../../../offline/outbox-edits';
import type { EntryStanding, OutboxEntry } from '../../../offline/outbox-entry';
import { queuedWords, recordWords, stateWords } from '../entry-words';

const DISCARD_QUESTION = 'Discard this change? The record will show what the server has.';

/** Retry after a refusal; Redo for a change too old to replay: both send it with a new key. */
const REQUEUE_LABEL: Partial<Record<EntryStanding, string>> = { conflict: 'Retry', failed: 'Retry', 'too-old': 'Redo' };
/** Standings where a person may drop the change from this device. */
const DISCARDABLE = new Set<EntryStanding>(['conflict', 'failed', 'too-old', 'someone-else', 'unowned']);

function EntryItem({ entry, standing, waitingForSignIn }: { entry: OutboxEntry; standing: EntryStanding; waitingForSignIn: boolean }) {
  const confirm = useConfirm();
  const [busy, run] = useBusyRun();
  const attention = needsAttention(standing);
  const titleId = `unsent-${entry.id}`;
  const requeue = REQUEUE_LABEL[standing];


  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      aria-labelledby={titleId}
      data-testid="unsent-entry"
      data-state={entry.state}
      data-standing={standing}
    >
      <Text id={titleId} fw={600}>
        {entry.label} · {recordWords(entry)}
      </Text>
      <Text size="sm" c="dimmed">
        Queued {queuedWords(entry.createdAt)}
      </Text>
      <Text size="sm" c={attention ? 'red.9' : undefined} mt={4}>
        {stateWords(entry, standing, waitingForSignIn)}
      </Text>
      {requeue || DISCARDABLE.has(standing) ? (
        <Group gap="xs" mt="sm">
          {requeue ? (
            <Button size="xs" variant="light" loading={busy} onClick={() => void run(() => requeueEntry(entry.id))}>
              {requeue}
            </Button>
          ) : null}
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

export function UnsentChangesList({ entries, waitingForSignIn }: { entries: readonly OutboxEntry[]; waitingForSignIn: boolean }) {
  const standingOf = useEntryStanding();
  if (entries.length === 0) return <Text c="dimmed">Every change has been sent.</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <EntryItem key={entry.id} entry={entry} standing={standingOf(entry)} waitingForSignIn={waitingForSignIn} />
      ))}
    </Stack>
  );
}
