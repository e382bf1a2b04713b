import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { needsAttention, useEntryStanding } from '../hooks/use-entry-standing';
import { actionLabel, actionLabelMessages } from '../lib/action-label';
import { problemWords } from '../lib/problem-words';
import { problemMessages } from '../lib/problem.messages';
import type { OutboxEntry } from '../offline/outbox-entry';
import { changeProblemMessages } from './components.messages';

interface ChangeProblemsProps {
  /** The record's queued changes; those a person must decide about are shown. */
  entries: readonly OutboxEntry[];
  /** More about a refused change (what it would have done), under the server's words. */
  details?: (entry: OutboxEntry) => ReactNode;
  'data-testid': string;
}

/**
 * How a refused change looks everywhere. Mantine's light variant with a shade ('red.9') paints
 * the solid shade behind body-coloured text (3.8:1); the light tint with a dark title reads at
 * any size (axe color-contrast).
 */
export const PROBLEM_ALERT = {
  color: 'red',
  variant: 'light',
  styles: { title: { color: 'var(--mantine-color-red-9)' } },
} as const;

/**
 * Conflicts, refusals and changes too old to send safely stay in the outbox, shown on the record,
 * until someone retries (redoes) or discards them.
 */
export function ChangeProblems({ entries, details, 'data-testid': testId }: ChangeProblemsProps) {
  const standingOf = useEntryStanding();
  const t = useStore(changeProblemMessages);
  const labels = useStore(actionLabelMessages);
  const problems = useStore(problemMessages);
  return entries.map((entry) => {
    const standing = standingOf(entry);
    if (!needsAttention(standing)) return null;
    const change = actionLabel(labels, entry);
    return standing === 'too-old' ? (
      <Alert key={entry.id} {...PROBLEM_ALERT} title={t.notSent({ change })} data-testid={testId}>
        <Text size="sm">{t.tooOld}</Text>
        <Text size="sm" c="dimmed">
          {t.redoOrDiscard}
        </Text>
      </Alert>
    ) : (
      <Alert key={entry.id} {...PROBLEM_ALERT} title={t.notApplied({ change })} data-testid={testId}>
        <Text size="sm">{problemWords(problems, entry.lastProblem, entry.lastError) ?? problems.refused}</Text>
        {details?.(entry)}
        <Text size="sm" c="dimmed">
          {t.retryOrDiscard}
        </Text>
      </Alert>
    );
  });
}
