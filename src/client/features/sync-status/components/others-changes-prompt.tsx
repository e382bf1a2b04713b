import { useBusyRun } from '../hooks/use-busy-run';
import { memo } from 'react';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from '@nanostores/react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useEntryStanding } from '../../../hooks/use-entry-standing';
import { useAdmittedPerson } from '../../../hooks/use-session';
import { keepEntries, keptEntryIds } from '../../../offline/kept-entries';
import { claimEntries, discardEntries } from '../../../offline/outbox-edits';
import type { EntryOwner, OutboxEntry } from '../../../offline/outbox-entry';
import { ownerWords } from '../entry-words';
import { othersChangesMessages, unsentMessages } from '../sync-status.messages';

/** Stands for the owner in the words, where their name is drawn in bold. */
const OWNER_MARK = '\u0000';

interface Group {
  /** null: changes saved before entries recorded who made them. */
  owner: EntryOwner | null;
  ids: string[];
}

function groupsToDecide(entries: readonly OutboxEntry[], isWaiting: (entry: OutboxEntry) => boolean, kept: Set<string>): Group[] {
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    if (!isWaiting(entry) || kept.has(entry.id)) continue;
    const key = entry.owner?.uid ?? '';
    const group = groups.get(key) ?? { owner: entry.owner, ids: [] };
    group.ids.push(entry.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The same groups, owner by owner and change by change (the question need not render again). */
function sameGroups(a: readonly Group[], b: readonly Group[]): boolean {
  return a.length === b.length && a.every((group, i) => group.owner?.uid === b[i]!.owner?.uid && group.ids.join() === b[i]!.ids.join());
}

const NO_GROUPS: Group[] = [];

/**
 * Someone else signs in on a tablet that still holds changes of a colleague (their session ended
 * without a logout): say how many wait for whom, and let this person keep them for that
 * colleague's next sign-in or discard them. They are never sent under this person's account.
 */
export function OthersChangesPrompt({ entries }: { entries: readonly OutboxEntry[] }) {
  const user = useAdmittedPerson();
  const standingOf = useEntryStanding();
  const uid = user?.uid ?? null;
  const kept = useLiveQuery(async () => new Set(uid ? await keptEntryIds(uid) : []), [uid]);
  const isWaiting = (entry: OutboxEntry) => {
    const standing = standingOf(entry);
    return standing === 'someone-else' || standing === 'unowned';
  };
  const groups = user && kept ? groupsToDecide(entries, isWaiting, kept) : NO_GROUPS;
  return <OthersChangesDialog groups={groups} />;
}

/** The question itself: rendered again when its groups change, not at every change queued. */
const OthersChangesDialog = memo(
  function OthersChangesDialog({ groups }: { groups: Group[] }) {
    const user = useAdmittedPerson();
    const uid = user?.uid ?? null;
    const confirm = useConfirm();
    const [busy, run] = useBusyRun();
    const t = useStore(othersChangesMessages);
    const unsent = useStore(unsentMessages);

    const keep = (group: Group) => run(() => keepEntries(uid as string, group.ids));
    const discard = (group: Group) =>
      run(async () => {
        const count = group.ids.length;
        const question = group.owner
          ? t.discardQuestionBy({ owner: ownerWords(unsent, group.owner) })(count)
          : t.discardQuestion(count);
        if (await confirm(question)) await discardEntries(group.ids);
      });
    const claim = (group: Group) => run(() => claimEntries(group.ids, { uid: user!.uid, email: user!.email, name: user!.name ?? null }));

    return (
      <Modal
        opened={groups.length > 0}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        title={t.title}
        centered
        size="lg"
      >
        <Stack gap="md" data-testid="others-changes-prompt">
          {groups.map((group) => {
            const owner = ownerWords(unsent, group.owner);
            const [before, after] = t.byOwner({ owner: OWNER_MARK, name: owner })(group.ids.length).split(OWNER_MARK);
            return (
              <Paper key={group.owner?.uid ?? 'unowned'} withBorder p="md" radius="md" data-testid="others-changes-group">
                {group.owner ? (
                  <Text mb="sm">
                    {before}
                    <strong>{owner}</strong>
                    {after}
                  </Text>
                ) : (
                  <Text mb="sm">{t.unowned(group.ids.length)}</Text>
                )}
                <Group justify="flex-end" gap="sm">
                  {group.owner ? null : (
                    <Button variant="light" disabled={busy} onClick={() => void claim(group)}>
                      {t.claim}
                    </Button>
                  )}
                  <Button variant="default" disabled={busy} onClick={() => void keep(group)} data-autofocus>
                    {group.owner ? t.keepFor({ owner }) : t.keep}
                  </Button>
                  <Button color="red.9" disabled={busy} onClick={() => void discard(group)}>
                    {t.discard}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Modal>
    );
  },
  (before, after) => sameGroups(before.groups, after.groups),
);
