import { Badge, Tooltip } from '@mantine/core';
import { isInFlight, type OutboxEntry } from '../offline/outbox-entry';

/** A record row's mark: its changes are not on the server yet, or one was refused. */
export function PendingMark({ entries }: { entries: readonly OutboxEntry[] }) {
  if (entries.length === 0) return null;
  const refused = entries.find((entry) => !isInFlight(entry));
  const label = refused
    ? `Conflict: ${refused.label} was not applied. ${refused.lastError ?? ''}`.trim()
    : `Pending: ${entries.map((e) => e.label).join(', ')} not sent yet`;
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
        {refused ? 'Conflict' : 'Pending'}
      </Badge>
    </Tooltip>
  );
}
