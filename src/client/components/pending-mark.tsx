import { Badge, Tooltip } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { actionLabel, actionLabelMessages } from '../lib/action-label';
import { problemWords } from '../lib/problem-words';
import { problemMessages } from '../lib/problem.messages';
import { isInFlight, type OutboxEntry } from '../offline/outbox-entry';
import { changeProblemMessages } from './components.messages';

/** A record row's mark: its changes are not on the server yet, or one was refused. */
export function PendingMark({ entries }: { entries: readonly OutboxEntry[] }) {
  // Most rows have none: they read no texts.
  return entries.length === 0 ? null : <Mark entries={entries} />;
}

function Mark({ entries }: { entries: readonly OutboxEntry[] }) {
  const t = useStore(changeProblemMessages);
  const labels = useStore(actionLabelMessages);
  const problems = useStore(problemMessages);
  const refused = entries.find((entry) => !isInFlight(entry));
  const label = refused
    ? t.conflictLabel({ change: actionLabel(labels, refused), reason: problemWords(problems, refused.lastProblem, refused.lastError) ?? '' }).trim()
    : t.pendingLabel({ changes: entries.map((e) => actionLabel(labels, e)).join(', ') });
  return (
    <Tooltip label={label} withArrow multiline maw={280}>
      <Badge
        size="sm"
        variant={refused ? 'filled' : 'default'}
        color={refused ? 'red.9' : undefined}
        role="img"
        aria-label={label}
        data-testid="pending-mark"
        data-state={refused ? 'conflict' : 'pending'}
      >
        {refused ? t.conflict : t.pending}
      </Badge>
    </Tooltip>
  );
}
