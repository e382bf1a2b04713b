import { memo } from 'react';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { Appointment } from '../../../../shared/entities';
import { PendingMark } from '../../../components/pending-mark';
import { intlLocale } from '../../../i18n/locale';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { formatWhen } from '../appointment-time';
import { appointmentTimeMessages, appointmentTypeMessages } from '../appointment-words.messages';
import { AppointmentStatusBadge } from './appointment-status';
import classes from './appointments.module.css';
import { listMessages } from './list.messages';

interface AppointmentCardProps {
  appointment: Appointment;
  entries: readonly OutboxEntry[] | undefined;
  /** The pharmacy's date, for 'Today at …'. */
  today: string;
  onOpen: (appointmentId: number) => void;
}

/** A card of the list page (spec): full name, Date, Type, For and the status label. */
export const AppointmentCard = memo(function AppointmentCard({ appointment, entries, today, onOpen }: AppointmentCardProps) {
  const t = useStore(listMessages);
  const types = useStore(appointmentTypeMessages);
  const time = useStore(appointmentTimeMessages);
  const name = `${appointment.first_name ?? ''} ${appointment.last_name ?? ''}`.trim();
  return (
    <UnstyledButton
      className={classes.card}
      onClick={() => onOpen(appointment.appointment_id)}
      data-testid="appointment-card"
      data-appointment-id={appointment.appointment_id}
      data-when={`${appointment.date} ${appointment.start_time}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={650} className={classes.cardName}>
            {name}
          </Text>
          <Group gap={6} wrap="nowrap">
            {entries && entries.length > 0 ? <PendingMark entries={entries} /> : null}
            <AppointmentStatusBadge status={appointment.status} />
          </Group>
        </Group>
        <dl className={classes.cardFields}>
          <dt>{t.date}</dt>
          <dd>{formatWhen(appointment.date, appointment.start_time, today, intlLocale(), time)}</dd>
          <dt>{t.type}</dt>
          <dd>{types[appointment.appointment_type] ?? appointment.appointment_type}</dd>
          <dt>{t.for}</dt>
          <dd>{appointment.vaccine ?? appointment.consultation ?? ''}</dd>
        </dl>
      </Stack>
    </UnstyledButton>
  );
});
