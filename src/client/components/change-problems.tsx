import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { isInFlight, type OutboxEntry } from '../offline/outbox-entry';

interface ChangeProblemsProps {
  /** The record's queued changes; those the server refused are shown. */
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

/** Conflicts and refusals stay in the outbox, shown on the record, until someone retries or discards them. */
export function ChangeProblems({ entries, details, 'data-testid': testId }: ChangeProblemsProps) {
  return entries
    .filter((entry) => !isInFlight(entry))
    .map((entry) => (
      <Alert key={entry.id} {...PROBLEM_ALERT} title={`${entry.label}: not applied`} data-testid={testId}>
        <Text size="sm">{entry.lastError ?? 'The server refused this change.'}</Text>
        {details?.(entry)}
        <Text size="sm" c="dimmed">
          Retry or discard it in the Unsent changes list.
        </Text>
      </Alert>
    ));
}
