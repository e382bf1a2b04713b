import { Badge, type BadgeProps } from '@mantine/core';
import type { RequestStatus } from '../../../../shared/request-status';
import { STATUS_COLORS, statusLabel } from '../record-actions';

// Mantine's light badge text falls just short of 4.5:1 on its own tint; the body text colour on
// the tint keeps the status colour as a cue and reads at any size.
const LABEL_STYLE = { label: { color: 'var(--mantine-color-text)' } };

export function StatusBadge({ status, ...props }: { status: RequestStatus } & BadgeProps) {
  return (
    <Badge variant="light" tt="none" color={STATUS_COLORS[status]} styles={LABEL_STYLE} {...props}>
      {statusLabel(status)}
    </Badge>
  );
}
