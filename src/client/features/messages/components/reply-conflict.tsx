// A reply the server stopped (issue 19, section 4): someone else replied, or resolved or
// unresolved the inquiry, while it was being written. Says who and when (the inquiry's History as
// last read, which the detail keeps current), keeps the draft in sight, and lets the person send
// it anyway (when the inquiry can still take a reply) or discard it.
import { Alert, Blockquote, Button, Group, Stack, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { Inquiry } from '../../../../shared/entities';
import { PROBLEM_ALERT } from '../../../components/change-problems';
import { formatDateTime } from '../../../lib/dates';
import { intlLocale } from '../../../i18n/locale';
import { useLastStep } from '../../../components/record-history/use-last-step';
import { replyConflictMessages } from '../reply-conflict.messages';

/** The inquiry's own steps in the log; an assignment or a view is not what stopped the reply. */
const STEPS = ['reply', 'resolve', 'unresolve'] as const;

interface ReplyConflictProps {
  inquiry: Inquiry;
  draft: string;
  busy: boolean;
  onSendAnyway: () => void;
  onDiscard: () => void;
}

export function ReplyConflict({ inquiry, draft, busy, onSendAnyway, onDiscard }: ReplyConflictProps) {
  const t = useStore(replyConflictMessages);
  const last = useLastStep('inquiries', inquiry.message_id, STEPS);
  return (
    <Alert {...PROBLEM_ALERT} title={inquiry.replied ? t.titleReplied : t.titleChanged} data-testid="reply-conflict">
      <Stack gap="xs">
        {last ? (
          <Text size="sm" data-testid="reply-conflict-by" data-at={last.at}>
            {t.by({
              what: last.what,
              who: last.who ?? '?',
              when: formatDateTime(last.at, { locale: intlLocale() }),
            })}
          </Text>
        ) : null}
        {inquiry.replied ? (
          <>
            <Text size="sm">{t.yourDraft}</Text>
            <Blockquote p="xs" color="gray" data-testid="reply-conflict-draft" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {draft}
            </Blockquote>
          </>
        ) : (
          <Text size="sm">{t.readAgain}</Text>
        )}
        <Group gap="sm">
          {inquiry.replied ? null : (
            <Button size="xs" onClick={onSendAnyway} disabled={busy} data-testid="reply-send-anyway">
              {t.sendAnyway}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onDiscard} disabled={busy} data-testid="reply-discard">
            {t.discard}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
