// The saved replies' own panel (issue 19): the pharmacy's list, a form to add one or edit one, and
// delete after a confirm. Every change is queued on the device first, so it works offline.
import { useRef, useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import {
  SAVED_REPLY_TEXT_MAX_CHARS,
  SAVED_REPLY_TITLE_MAX_CHARS,
  savedReplyProblem,
  trimmedLength,
  type SavedReply,
} from '../../../../shared/saved-replies';
import { useConfirm } from '../../../components/confirm-dialog';
import { PendingMark } from '../../../components/pending-mark';
import { intlLocale } from '../../../i18n/locale';
import { useSavedReplies, useSavedReplyActions } from '../hooks/use-saved-replies';
import { savedRepliesMessages } from '../saved-replies.messages';

const tooLong = (text: string, max: number) => trimmedLength(text) > max;

export function SavedRepliesPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useStore(savedRepliesMessages);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.title}
      size="lg"
      closeButtonProps={{ 'aria-label': t.close }}
      data-testid="saved-replies-panel"
    >
      {opened ? <PanelBody /> : null}
    </Modal>
  );
}

function PanelBody() {
  const t = useStore(savedRepliesMessages);
  const { replies, pending } = useSavedReplies();
  const { busy, save, remove } = useSavedReplyActions();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const max = (n: number) => n.toLocaleString(intlLocale());

  const problem = savedReplyProblem({ title, text });
  const reset = () => {
    setEditing(null);
    setTitle('');
    setText('');
  };
  const startEdit = (reply: SavedReply) => {
    setEditing(reply.saved_reply_id);
    setTitle(reply.title);
    setText(reply.text);
    titleRef.current?.focus();
  };
  const submit = () => {
    if (problem || busy) return;
    // Queued at once (the server's answer may come much later, offline): the form is free again.
    void save(editing, { title, text });
    reset();
    titleRef.current?.focus();
  };
  const askDelete = async (reply: SavedReply) => {
    if (!(await confirm(t.confirmDelete({ title: reply.title })))) return;
    if (editing === reply.saved_reply_id) reset();
    void remove(reply.saved_reply_id);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      <Paper withBorder radius="md" p="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Title order={3} size="h5">
              {editing === null ? t.newReply : t.editReply}
            </Title>
            <TextInput
              ref={titleRef}
              label={t.titleLabel}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={tooLong(title, SAVED_REPLY_TITLE_MAX_CHARS) ? t.titleTooLong({ max: max(SAVED_REPLY_TITLE_MAX_CHARS) }) : undefined}
              data-testid="saved-reply-title"
            />
            <Textarea
              label={t.textLabel}
              autosize
              minRows={3}
              maxRows={10}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={tooLong(text, SAVED_REPLY_TEXT_MAX_CHARS) ? t.textTooLong({ max: max(SAVED_REPLY_TEXT_MAX_CHARS) }) : undefined}
              data-testid="saved-reply-text"
            />
            <Group gap="xs">
              <Button type="submit" disabled={problem !== null || busy !== null} data-testid="saved-reply-save">
                {t.save}
              </Button>
              {editing !== null ? (
                <Button variant="default" onClick={reset}>
                  {t.cancel}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </Paper>

      {replies.length === 0 ? (
        <Text c="dimmed" data-testid="saved-replies-empty">
          {t.empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="saved-replies-list">
          {replies.map((reply) => (
            <Paper
              key={reply.saved_reply_id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid="saved-reply-row"
              data-record-key={reply.saved_reply_id}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="xs" style={{ minWidth: 0 }}>
                  <Text fw={600} data-testid="saved-reply-row-title" style={{ overflowWrap: 'anywhere' }}>
                    {reply.title}
                  </Text>
                  <PendingMark entries={pending.get(reply.saved_reply_id) ?? []} />
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Button variant="subtle" size="compact-sm" aria-label={t.editNamed({ title: reply.title })} onClick={() => startEdit(reply)}>
                    {t.edit}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    aria-label={t.deleteNamed({ title: reply.title })}
                    disabled={busy !== null}
                    onClick={() => void askDelete(reply)}
                  >
                    {t.delete}
                  </Button>
                </Group>
              </Group>
              <Text size="sm" c="dimmed" mt={4} lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {reply.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The Messages page's way in: a button that opens the panel, and gets focus back when it closes. */
export function SavedRepliesButton() {
  const t = useStore(savedRepliesMessages);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="compact-sm" onClick={() => setOpened(true)} data-testid="saved-replies-open">
        {t.open}
      </Button>
      <SavedRepliesPanel opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
