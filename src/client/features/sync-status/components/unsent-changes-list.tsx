import { useBusyRun } from '../hooks/use-busy-run';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { useConfirm } from '../../../components/confirm-dialog';
import { needsAttention, useEntryStanding } from '../../../hooks/use-entry-standing';
import { actionLabel, actionLabelMessages } from '../../../lib/action-label';
import { problemMessages } from '../../../lib/problem.messages';
import { recordNameMessages } from '../../../lib/record-names.messages';
import { discardEntry, requeueEntry } from '../../../offline/outbox-edits';
import type { EntryStanding, OutboxEntry } from '../../../offline/outbox-entry';
import { queuedWords, recordWords, stateWords } from '../entry-words';
import { unsentMessages } from '../sync-status.messages';

/** Retry after a refusal; Redo for a change too old to replay: both send it with a new key. */
const REQUEUE_LABEL: Partial<Record<EntryStanding, 'retry' | 'redo'>> = { conflict: 'retry', failed: 'retry', 'too-old': 'redo' };
/** Standings where a person may drop the change from this device. */
const DISCARDABLE = new Set<EntryStanding>(['conflict', 'failed', 'too-old', 'someone-else', 'unowned']);

function EntryItem({ entry, standing, waitingForSignIn }: { entry: OutboxEntry; standing: EntryStanding; waitingForSignIn: boolean }) {
  const confirm = useConfirm();
  const [busy, run] = useBusyRun();
  const t = useStore(unsentMessages);
  const labels = useStore(actionLabelMessages);
  const names = useStore(recordNameMessages);
  const problems = useStore(problemMessages);
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
        {actionLabel(labels, entry)} · {recordWords(t, names, entry)}
      </Text>
      <Text size="sm" c="dimmed">
        {t.queued({ when: queuedWords(t, entry.createdAt) })}
      </Text>
      <Text size="sm" c={attention ? 'red.9' : undefined} mt={4}>
        {stateWords(t, problems, entry, standing, waitingForSignIn)}
      </Text>
      {requeue || DISCARDABLE.has(standing) ? (
        <Group gap="xs" mt="sm">
          {requeue ? (
            <Button size="xs" variant="light" loading={busy} onClick={() => void run(() => requeueEntry(entry.id))}>
              {t[requeue]}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                if (await confirm(t.discardQuestion)) await discardEntry(entry.id);
              })
            }
          >
            {t.discard}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

export function UnsentChangesList({ entries, waitingForSignIn }: { entries: readonly OutboxEntry[]; waitingForSignIn: boolean }) {
  const standingOf = useEntryStanding();
  const t = useStore(unsentMessages);
  if (entries.length === 0) return <Text c="dimmed">{t.everySent}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <EntryItem key={entry.id} entry={entry} standing={standingOf(entry)} waitingForSignIn={waitingForSignIn} />
      ))}
    </Stack>
  );
}
