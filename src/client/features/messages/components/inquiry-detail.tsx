import { useEffect, useRef } from 'react';
import { BackToList } from '../../../components/two-pane';
import { Anchor, Badge, Blockquote, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import type { StoreValue } from 'nanostores';
import type { Inquiry } from '../../../../shared/entities';
import { REPLY_MAX_CHARS, inquiryState, replyProblem } from '../../../../shared/inquiry-api';
import { ChangeProblems } from '../../../components/change-problems';
import { focusableWhileLoading } from '../../../components/focusable-while-loading';
import { PendingMark } from '../../../components/pending-mark';
import { formatDateTime } from '../../../lib/dates';
import { intlLocale } from '../../../i18n/locale';
import { useOnline } from '../../../hooks/use-online';
import { isInFlight, type OutboxEntry } from '../../../offline/outbox-entry';
import { useInquiryActions } from '../hooks/use-inquiry-actions';
import { actionLabelMessages } from '../../../lib/action-label';
import { resolveToggle, shownName } from '../inquiry-list';
import { inquiryListMessages } from '../inquiry-list.messages';
import { inquiryDetailMessages } from '../inquiry-detail.messages';
import { useAccessRecord } from '../../../hooks/use-access-record';
import { useRecordShortcuts } from '../../../hooks/use-shortcut-targets';
import { useReplyDraft } from '../hooks/use-reply-draft';
import { PresenceLine } from '../../../components/presence/presence-line';
import { SavedReplyPicker } from './saved-reply-picker';
import { AssignmentControl } from '../../../components/assignment/assignment-control';
import { ReplyConflict } from './reply-conflict';
import { RecordHistory } from '../../../components/record-history/record-history';
import { discardEntry } from '../../../offline/outbox-edits';

interface InquiryDetailProps {
  inquiry: Inquiry;
  entries: OutboxEntry[] | undefined;
  focusOnMount: boolean;
  onBack: () => void;
  /** After the server took a reply: the URL shows this inquiry with filter All. */
  onReplied: (messageId: number) => void;
}

/** What a refused reply would have said, so nothing typed is lost from sight. */
function refusedReply(entry: OutboxEntry, t: StoreValue<typeof inquiryDetailMessages>) {
  const text = entry.action === 'inquiry-reply' ? (entry.args.body as { reply?: string } | undefined)?.reply : undefined;
  if (!text) return null;
  return (
    <Text size="sm" mt={4} data-testid="inquiry-refused-reply">
      {t.refusedReply({ text })}
    </Text>
  );
}

export function InquiryDetail({ inquiry, entries = [], focusOnMount, onBack, onReplied }: InquiryDetailProps) {
  const t = useStore(inquiryDetailMessages);
  const { unknownUser } = useStore(inquiryListMessages);
  const labels = useStore(actionLabelMessages);
  const { busy, toggle, reply } = useInquiryActions();
  useAccessRecord({ action: 'view', collection: 'inquiries', record_id: inquiry.message_id, patient_user_id: null });
  const online = useOnline();
  const { draft, setDraft, seen, markSeen } = useReplyDraft(inquiry.message_id, inquiryState(inquiry));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  // A queued reply is answered when the connection returns, maybe much later: by then the person
  // may be elsewhere, and the answer must not pull them back to this inquiry.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const action = resolveToggle(inquiry);
  // Keyboard shortcuts (issue 20): c and i as the resolve button below, r to the reply box.
  const replyRef = useRef<HTMLTextAreaElement>(null);
  useRecordShortcuts({
    complete: action === 'resolve' ? () => void toggle(inquiry, action) : undefined,
    incomplete: action === 'unresolve' ? () => void toggle(inquiry, action) : undefined,
    busy: busy !== null,
    reply: inquiry.replied ? undefined : () => replyRef.current?.focus(),
  });
  const replyEntry = entries.find((entry) => entry.action === 'inquiry-reply' && isInFlight(entry));
  const sending = busy === 'reply';
  const problem = replyProblem(draft);
  const tooLong = draft.trim().length > 0 && problem !== null;

  // Once a reply is in, its box and button give way to 'Replied:': focus, left on the page when
  // they went, goes there (a keyboard user keeps their place).
  const repliedRef = useRef<HTMLHeadingElement>(null);
  const wasReplied = useRef(inquiry.replied);
  useEffect(() => {
    if (inquiry.replied && !wasReplied.current && document.activeElement === document.body) repliedRef.current?.focus();
    wasReplied.current = inquiry.replied;
  }, [inquiry.replied]);

  // A saved reply goes where the caret is (the whole box when it is empty), then the box has focus.
  const insertSaved = (text: string) => {
    const box = replyRef.current;
    const empty = draft.trim() === '';
    const start = empty ? 0 : (box?.selectionStart ?? draft.length);
    const end = empty ? draft.length : (box?.selectionEnd ?? draft.length);
    setDraft(draft.slice(0, start) + text + draft.slice(end));
    const caret = start + text.length;
    setTimeout(() => {
      box?.focus();
      box?.setSelectionRange(caret, caret);
    }, 0);
  };

  const send = async (seenNow = seen) => {
    if (sending || problem) return;
    // The draft stays: once queued the box gives way to 'Replied:'; if the reply could not be
    // queued, or the server refuses it for good, the box comes back with the text in it.
    if (!(await reply(inquiry, draft, seenNow))) return;
    // The server took it: the kept draft has done its work.
    setDraft('');
    if (mounted.current) onReplied(inquiry.message_id);
  };

  // A reply stopped by someone else's change (issue 19): sent anyway against the inquiry as it is
  // now, or discarded with its draft.
  const stopped = entries.find((entry) => entry.action === 'inquiry-reply' && entry.state === 'conflict');
  // Someone else's reply came in live while this box held a draft: the same, before any send.
  const beaten = inquiry.replied && draft.trim() !== '' && !entries.some((entry) => entry.action === 'inquiry-reply');
  const sendAnyway = async () => {
    if (!stopped || !(await discardEntry(stopped.id))) return;
    const now = inquiryState(inquiry);
    const seenNow = now === 'replied' ? undefined : now;
    markSeen(seenNow);
    await send(seenNow);
  };
  const discardReply = async () => {
    if (stopped) await discardEntry(stopped.id);
    setDraft('');
  };

  return (
    <Stack gap="sm" data-testid="inquiry-detail" data-record-key={inquiry.message_id}>
      <BackToList onBack={onBack} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Group gap="sm">
              <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {shownName(inquiry, unknownUser)}
              </Title>
              {entries.length > 0 ? <PendingMark entries={entries} /> : null}
            </Group>
            {inquiry.user_id !== null ? (
              <Anchor renderRoot={(props) => <Link {...props} to="/users/$userId" params={{ userId: String(inquiry.user_id) }} />}>
                {t.seeUserProfile}
              </Anchor>
            ) : (
              <Anchor renderRoot={(props) => <Link {...props} to="/messages/$messageId" params={{ messageId: String(inquiry.message_id) }} />}>
                {t.seeGuestInfo}
              </Anchor>
            )}
          </Group>

          {/* Replying, to the others: while this box holds a reply not yet sent (issue 19 §2). */}
          <PresenceLine list="inquiries" id={inquiry.message_id} typing={!inquiry.replied && draft.trim() !== ''} />

          <AssignmentControl collection="inquiries" record={inquiry} recordKey={inquiry.message_id} entries={entries} />

          <ChangeProblems entries={entries} details={(entry) => refusedReply(entry, t)} data-testid="inquiry-conflict" />

          <Text size="sm" c="dimmed">
            {formatDateTime(inquiry.created_at, { locale: intlLocale() })}
          </Text>
          <Blockquote p="sm" color="gray" data-testid="inquiry-message" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {inquiry.message}
          </Blockquote>

          {action ? (
            <Button
              variant={action === 'resolve' ? 'filled' : 'default'}
              style={{ alignSelf: 'flex-start' }}
              loading={busy === action}
              disabled={busy !== null && busy !== action}
              renderRoot={focusableWhileLoading}
              onClick={() => void toggle(inquiry, action)}
              data-testid="inquiry-toggle"
            >
              {labels[action === 'resolve' ? 'inquiry-resolve' : 'inquiry-unresolve']}
            </Button>
          ) : null}

          {stopped || beaten ? (
            <ReplyConflict
              inquiry={inquiry}
              draft={draft}
              busy={sending}
              onSendAnyway={() => void sendAnyway()}
              onDiscard={() => void discardReply()}
            />
          ) : null}

          {inquiry.replied ? (
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={3} size="h5" ref={repliedRef} tabIndex={-1}>
                  {t.replied}
                </Title>
                {replyEntry ? (
                  <Badge variant="default" size="sm" data-testid="inquiry-reply-pending">
                    {online ? t.sending : t.replyPending}
                  </Badge>
                ) : null}
              </Group>
              <Text data-testid="inquiry-reply" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {inquiry.reply}
              </Text>
            </Stack>
          ) : (
            <Stack gap="xs">
              <SavedReplyPicker inquiry={inquiry} onPick={insertSaved} />
              <Textarea
                ref={replyRef}
                aria-label={t.reply}
                placeholder={t.replyPlaceholder}
                autosize
                minRows={4}
                maxRows={12}
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                error={tooLong ? t.tooLong({ max: REPLY_MAX_CHARS.toLocaleString(intlLocale()) }) : undefined}
                data-testid="inquiry-reply-input"
              />
              <Button
                style={{ alignSelf: 'flex-start' }}
                disabled={sending || problem !== null}
                onClick={() => void send()}
                data-testid="inquiry-send-reply"
              >
                {sending ? t.sending : labels['inquiry-reply']}
              </Button>
            </Stack>
          )}

          <RecordHistory list="inquiries" id={inquiry.message_id} created={{ at: inquiry.created_at, via: inquiry.user_id === null ? 'guest' : 'account' }} />
        </Stack>
      </Paper>
    </Stack>
  );
}
