import { memo, useState } from 'react';
import { Button, Drawer, Text, VisuallyHidden } from '@mantine/core';
import { useThrottledValue } from '@mantine/hooks';
import { useStore } from '@nanostores/react';
import { useOutbox } from '../../../hooks/use-outbox';
import { useSyncStatus } from '../../../hooks/use-sync-status';
import { needsAttention, useEntryStanding } from '../../../hooks/use-entry-standing';
import { LogoutWarning } from './logout-warning';
import { OthersChangesPrompt } from './others-changes-prompt';
import { UnsentChangesList } from './unsent-changes-list';
import { unsentMessages } from '../sync-status.messages';
import type { UnsentTexts } from '../entry-words';
import type { OutboxEntry } from '../../../offline/outbox-entry';

function countWords(t: UnsentTexts, count: number, refused: number): string {
  const changes = t.unsentChanges(count);
  return refused > 0 ? t.withAttention({ changes, attention: t.needAttention(refused) }) : changes;
}

/** How often, at most, the count is read out while a long queue drains. */
const ANNOUNCE_EVERY_MS = 3000;

/**
 * What a screen reader is told of the queue (WCAG 4.1.3): the count as it changes, at most every
 * few seconds (a thousand changes draining must not be a thousand announcements), and "All
 * changes sent" once it is empty again; nothing while nothing was ever waiting.
 */
function useQueueAnnouncement(t: UnsentTexts, count: number, refused: number): string {
  const [waited, setWaited] = useState(false);
  if (count > 0 && !waited) setWaited(true);
  const words = count > 0 ? countWords(t, count, refused) : waited ? t.allSent : '';
  return useThrottledValue(words, ANNOUNCE_EVERY_MS);
}

interface UnsentDrawerProps {
  opened: boolean;
  onClose: () => void;
  entries: readonly OutboxEntry[];
  waitingForSignIn: boolean;
}

/**
 * "Unsent changes": rendered again while open (or closing), not at every change queued or
 * answered while it is closed (each tap offline, each answer of a replay).
 */
const UnsentDrawer = memo(
  function UnsentDrawer({ opened, onClose, entries, waitingForSignIn }: UnsentDrawerProps) {
    const t = useStore(unsentMessages);
    return (
      <Drawer
        opened={opened}
        onClose={onClose}
        title={t.title}
        position="right"
        size="min(440px, 100vw)"
        closeButtonProps={{ 'aria-label': t.close }}
      >
        <Text size="sm" c="dimmed" mb="md">
          {t.intro}
        </Text>
        <UnsentChangesList entries={entries} waitingForSignIn={waitingForSignIn} />
      </Drawer>
    );
  },
  (before, after) => !before.opened && !after.opened,
);

/** Its question comes from useLogout, not from the queue: it renders when asked, not with the count. */
const ShownLogoutWarning = memo(LogoutWarning);

/**
 * The nav bar's count of unsent changes; opens the list. Hidden while everything is sent. Also
 * mounts the questions about the queue (logout, changes made by someone else).
 */
export function UnsentChangesButton() {
  const entries = useOutbox();
  const { auth } = useSyncStatus();
  const [opened, setOpened] = useState(false);
  const t = useStore(unsentMessages);
  const standingOf = useEntryStanding();
  const refused = entries.filter((entry) => needsAttention(standingOf(entry))).length;
  const waitingForSignIn = auth !== 'open';
  const announcement = useQueueAnnouncement(t, entries.length, refused);
  // Everything sent (or discarded): the drawer closes and stays closed until asked again.
  if (opened && entries.length === 0) setOpened(false);
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" data-testid="unsent-changes-announcement">
        {announcement}
      </VisuallyHidden>
      {entries.length > 0 ? (
        <Button
          size="compact-sm"
          radius="xl"
          variant={refused > 0 ? 'filled' : 'default'}
          color={refused > 0 ? 'red.9' : undefined}
          onClick={() => setOpened(true)}
          aria-label={countWords(t, entries.length, refused)}
          aria-haspopup="dialog"
          data-testid="unsent-changes-button"
          data-attention={refused > 0 || undefined}
        >
          {/* The visible words start the accessible name ("3 unsent changes, …"). */}
          <Text span fw={700} size="sm">
            {entries.length}
          </Text>
          <Text span size="sm" visibleFrom="sm" style={{ whiteSpace: 'pre' }}>
            {t.unsent(entries.length)}
          </Text>
        </Button>
      ) : null}
      <UnsentDrawer opened={opened} onClose={() => setOpened(false)} entries={entries} waitingForSignIn={waitingForSignIn} />
      <ShownLogoutWarning />
      <OthersChangesPrompt entries={entries} />
    </>
  );
}
