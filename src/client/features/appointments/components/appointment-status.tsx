import { Badge, type BadgeProps } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { AppointmentStatus } from '../../../../shared/entities';
import { appointmentStatusMessages } from '../appointment-words.messages';

const COLORS: Record<AppointmentStatus, string> = { scheduled: 'teal', completed: 'blue', cancelled: 'gray' };
// The body text colour on the tint reads at any size (Mantine's light label text falls short).
const LABEL_STYLE = { label: { color: 'var(--mantine-color-text)' } };

/** The appointment's status label (spec: the list's cards show it). */
export function AppointmentStatusBadge({ status, ...props }: { status: AppointmentStatus } & BadgeProps) {
  const t = useStore(appointmentStatusMessages);
  return (
    <Badge variant="light" tt="none" color={COLORS[status]} styles={LABEL_STYLE} {...props}>
      {t[status] ?? status}
    </Badge>
  );
}
