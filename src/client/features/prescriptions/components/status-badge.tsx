import { Badge, type BadgeProps } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { RequestStatus } from '../../../../shared/request-status';
import { STATUS_COLORS } from '../record-actions';
import { statusMessages } from '../values.messages';

// Mantine's light badge text falls just short of 4.5:1 on its own tint; the body text colour on
// the tint keeps the status colour as a cue and reads at any size.
const LABEL_STYLE = { label: { color: 'var(--mantine-color-text)' } };

export function StatusBadge({ status, ...props }: { status: RequestStatus } & BadgeProps) {
  const t = useStore(statusMessages);
  return (
    <Badge variant="light" tt="none" color={STATUS_COLORS[status]} styles={LABEL_STYLE} {...props}>
      {t[status] ?? status}
    </Badge>
  );
}
