import { Badge, type BadgeProps } from '@mantine/core';
import type { AppointmentStatus } from '../../../../shared/entities';

const LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const COLORS: Record<AppointmentStatus, string> = { scheduled: 'teal', completed: 'blue', cancelled: 'gray' };
// The body text colour on the tint reads at any size (Mantine's light label text falls short).
const LABEL_STYLE = { label: { color: 'var(--mantine-color-text)' } };

export function statusLabel(status: AppointmentStatus): string {
  return LABELS[status] ?? status;
}

/** The appointment's status label (spec: the list's cards show it). */
export function AppointmentStatusBadge({ status, ...props }: { status: AppointmentStatus } & BadgeProps) {
  return (
    <Badge variant="light" tt="none" color={COLORS[status]} styles={LABEL_STYLE} {...props}>
      {statusLabel(status)}
    </Badge>
  );
}
