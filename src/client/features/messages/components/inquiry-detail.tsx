import { useEffect, useRef } from 'react';
import { BackToList } from '../../../components/two-pane';
import { Anchor, Badge, Blockquote, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Inquiry } from '../../../../shared/entities';
import { REPLY_MAX_CHARS, inquiryName, replyProblem } from '../../../../shared/inquiry-api';
import { ChangeProblems } from '../../../components/change-problems';
import { PendingMark } from '../../../components/pending-mark';
import { formatDateTime } from '../../../lib/dates';
import { useOnline } from '../../../hooks/use-online';
import { isInFlight, type OutboxEntry } from '../../../offline/outbox-entry';
import { useInquiryActions } from '../hooks/use-inquiry-actions';
import {
  MARK_RESOLVED,
  MARK_UNRESOLVED,
  REPLIED,
  REPLY_PLACEHOLDER,
  SEE_GUEST_INFO,
  SEE_USER_PROFILE,
  SEND_REPLY,
  SENDING,
  resolveToggle,
} from '../inquiry-list';
import { useAccessRecord } from '../../../hooks/use-access-record';
import { useReplyDraft } from '../hooks/use-reply-draft';

interface InquiryDetailProps {
  inquiry: Inquiry;
  entries: OutboxEntry[] | undefined;
  focusOnMount: boolean;
  onBack: () => void;
  /** After the server took a reply: the URL shows this inquiry with filter All. */
  onReplied: (messageId: number) => void;
}

/** What a refused reply would have said, so nothing typed is lost from sight. */
function refusedReply(entry: OutboxEntry) {
  const text = entry.action === 'inquiry-reply' ? (entry.args.body as { reply?: string } | undefined)?.reply : undefined;
  if (!text) return null;
  return (
    <Text size="sm" mt={4} data-testid="inquiry-refused-reply">
      Your reply, not sent: “{text}”
    </Text>
  );
}

export function InquiryDetail({ inquiry, entries = [], focusOnMount, onBack, onReplied }: InquiryDetailProps) {
  const { busy, toggle, reply } = useInquiryActions();
  useAccessRecord({ action: 'view', collection: 'inquiries', record_id: inquiry.message_id, patient_user_id: null });
  const online = useOnline();
  const [draft, setDraft] = useReplyDraft(inquiry.message_id);
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
  const replyEntry = entries.find((entry) => entry.action === 'inquiry-reply' && isInFlight(entry));
  const sending = busy === 'reply';
  const problem = replyProblem(draft);
  const tooLong = draft.trim().length > 0 && problem !== null;

  const send = async () => {
    if (sending || problem) return;
    // The draft stays: once queued the box gives way to 'Replied:'; if the reply could not be
    // queued, or the server refuses it for good, the box comes back with the text in it.
    if (!(await reply(inquiry, draft))) return;
    // The server took it: the kept draft has done its work.
    setDraft('');
    if (mounted.current) onReplied(inquiry.message_id);
  };

  return (
    <Stack gap="sm" data-testid="inquiry-detail" data-record-key={inquiry.message_id}>
      <BackToList onBack={onBack} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Group gap="sm">
              <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {inquiryName(inquiry)}
              </Title>
              {entries.length > 0 ? <PendingMark entries={entries} /> : null}
            </Group>
            {inquiry.user_id !== null ? (
              <Anchor renderRoot={(props) => <Link {...props} to="/users/$userId" params={{ userId: String(inquiry.user_id) }} />}>
                {SEE_USER_PROFILE}
              </Anchor>
            ) : (
              <Anchor renderRoot={(props) => <Link {...props} to="/messages/$messageId" params={{ messageId: String(inquiry.message_id) }} />}>
                {SEE_GUEST_INFO}
              </Anchor>
            )}
          </Group>

          <ChangeProblems entries={entries} details={refusedReply} data-testid="inquiry-conflict" />

          <Text size="sm" c="dimmed">
            {formatDateTime(inquiry.created_at)}
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
              onClick={() => void toggle(inquiry, action)}
              data-testid="inquiry-toggle"
            >
              {action === 'resolve' ? MARK_RESOLVED : MARK_UNRESOLVED}
            </Button>
          ) : null}

          {inquiry.replied ? (
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={3} size="h5">
                  {REPLIED}
                </Title>
                {replyEntry ? (
                  <Badge variant="default" size="sm" data-testid="inquiry-reply-pending">
                    {online ? SENDING : 'Pending: saved on this device, not sent yet'}
                  </Badge>
                ) : null}
              </Group>
              <Text data-testid="inquiry-reply" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {inquiry.reply}
              </Text>
            </Stack>
          ) : (
            <Stack gap="xs">
              <Textarea
                aria-label="Reply"
                placeholder={REPLY_PLACEHOLDER}
                autosize
                minRows={4}
                maxRows={12}
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                error={tooLong ? `A reply can be at most ${REPLY_MAX_CHARS.toLocaleString()} characters.` : undefined}
                data-testid="inquiry-reply-input"
              />
              <Button
                style={{ alignSelf: 'flex-start' }}
                disabled={sending || problem !== null}
                onClick={() => void send()}
                data-testid="inquiry-send-reply"
              >
                {sending ? SENDING : SEND_REPLY}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
