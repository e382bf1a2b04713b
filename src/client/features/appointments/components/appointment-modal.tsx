import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { Appointment } from '../../../../shared/entities';
import { ChangeProblems } from '../../../components/change-problems';
import { FieldList } from '../../../components/field-list';
import { PendingMark } from '../../../components/pending-mark';
import { useCachedRecord } from '../../../hooks/use-cached-record';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { intlLocale } from '../../../i18n/locale';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { addressLine, canCancel, detailFields, otherMembers } from '../appointment-details';
import { detailsMessages } from '../appointment-details.messages';
import { appointmentTimeMessages, appointmentTypeMessages } from '../appointment-words.messages';
import { useCancelAppointment } from '../hooks/use-cancel-appointment';
import { AppointmentStatusBadge } from './appointment-status';
import { useAccessRecord } from '../../../hooks/use-access-record';
import { PresenceLine } from '../../../components/presence/presence-line';
import { RecordHistory } from '../../../components/record-history/record-history';

interface AppointmentModalProps {
  /** The appointment shown; the modal is open while it is set. */
  appointmentId: number | null;
  /** Its queued changes (pending or refused). */
  entries: readonly OutboxEntry[] | undefined;
  onClose: () => void;
  /** The appointment was cancelled (the modal closes): its calendar event goes with it. */
  onCancelled?: () => void;
  /** Once it has gone (its closing transition ended). */
  onClosed?: () => void;
}

function OtherPatients({ appointment }: { appointment: Appointment }) {
  const t = useStore(detailsMessages);
  const [open, setOpen] = useState(false);
  const others = otherMembers(appointment);
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open} style={{ alignSelf: 'flex-start' }}>
        {open ? t.hideOthers : t.seeOthers}
      </Button>
      {open ? (
        <Stack gap="xs" data-testid="appointment-members">
          <Title order={3} size="h5">
            {t.allPatients}
          </Title>
          {others.kind === 'unknown' ? (
            <Text c="red.9" role="alert">
              {t.membersFailed}
            </Text>
          ) : others.members.length === 0 ? (
            <Text c="dimmed">{t.noOthers}</Text>
          ) : (
            <List spacing="xs" listStyleType="none" pl={0}>
              {others.members.map((member, index) => (
                <List.Item key={`${member.first_name}-${member.last_name}-${index}`} data-testid="appointment-member">
                  <Text fw={600}>
                    {member.first_name} {member.last_name}
                  </Text>
                  <Text size="sm">{t.memberBirth({ date: (member.date_of_birth ?? '').slice(0, 10) })}</Text>
                  <Text size="sm">{t.memberAddress({ address: addressLine(member) })}</Text>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Details({
  appointment,
  entries,
  onCancelled,
}: {
  appointment: Appointment;
  entries: readonly OutboxEntry[];
  onCancelled: () => void;
}) {
  const labels = useStore(detailsMessages);
  const types = useStore(appointmentTypeMessages);
  const time = useStore(appointmentTimeMessages);
  const { wall } = usePharmacyClock();
  const { cancelling, cancel } = useCancelAppointment();
  return (
    <Stack gap="md" data-testid="appointment-details">
      <Group gap="sm">
        <AppointmentStatusBadge status={appointment.status} data-testid="appointment-status" />
        {entries.length > 0 ? <PendingMark entries={entries} /> : null}
      </Group>
      <PresenceLine list="appointments" id={appointment.appointment_id} />
      <ChangeProblems entries={entries} data-testid="appointment-conflict" />
      <FieldList fields={detailFields(appointment, wall.date, intlLocale(), { labels, types, time })} />
      {appointment.number_of_people > 1 ? <OtherPatients appointment={appointment} /> : null}
      {canCancel(appointment) ? (
        <Group justify="flex-end">
          <Button
            color="red"
            loading={cancelling}
            onClick={async () => {
              if (await cancel(appointment)) onCancelled();
            }}
          >
            {labels.cancel}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The 'Appointment Details' modal, read from the device's cache: it opens offline too. */
export function AppointmentModal({ appointmentId, entries = [], onClose, onCancelled, onClosed }: AppointmentModalProps) {
  const t = useStore(detailsMessages);
  const { record, loading } = useCachedRecord('appointments', appointmentId ?? undefined);
  useAccessRecord(record ? { action: 'view', collection: 'appointments', record_id: record.appointment_id, patient_user_id: null } : null);
  let body;
  if (record) {
    // Keyed: the members toggle starts closed for each appointment.
    body = (
      <Stack gap="md">
        <Details key={record.appointment_id} appointment={record} entries={entries} onCancelled={onCancelled ?? onClose} />
        <RecordHistory list="appointments" id={record.appointment_id} />
      </Stack>
    );
  } else if (loading) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t.loading}</Text>
      </Group>
    );
  } else {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t.loadFailed}
      </Alert>
    );
  }
  return (
    <Modal
      opened={appointmentId !== null}
      onClose={onClose}
      title={t.title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t.close }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 650 } }}
      // Escape closes the dialog focus is in: Mantine's own Escape listens on the window, so the
      // cancel confirm's Escape closed this modal too, and focus had nowhere to return.
      closeOnEscape={false}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) onClose();
      }}
      onExitTransitionEnd={onClosed}
      data-testid="appointment-modal"
    >
      {body}
    </Modal>
  );
}
