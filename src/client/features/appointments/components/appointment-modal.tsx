import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import type { Appointment } from '../../../../shared/entities';
import { ChangeProblems } from '../../../components/change-problems';
import { FieldList } from '../../../components/field-list';
import { PendingMark } from '../../../components/pending-mark';
import { useCachedRecord } from '../../../hooks/use-cached-record';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { addressLine, canCancel, detailFields, otherMembers } from '../appointment-details';
import {
  ALL_PATIENTS,
  CANCEL_LABEL,
  FETCH_MEMBERS_FAILED,
  FETCH_USER_INFO_FAILED,
  HIDE_OTHERS,
  LOADING_USER_INFO,
  MODAL_TITLE,
  NO_OTHER_MEMBERS,
  SEE_OTHERS,
} from '../appointment-texts';
import { useCancelAppointment } from '../hooks/use-cancel-appointment';
import { AppointmentStatusBadge } from './appointment-status';
import { useAccessRecord } from '../../../hooks/use-access-record';

interface AppointmentModalProps {
  /** The appointment shown; the modal is open while it is set. */
  appointmentId: number | null;
  /** Its queued changes (pending or refused). */
  entries: readonly OutboxEntry[] | undefined;
  onClose: () => void;
}

function OtherPatients({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const others = otherMembers(appointment);
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open} style={{ alignSelf: 'flex-start' }}>
        {open ? HIDE_OTHERS : SEE_OTHERS}
      </Button>
      {open ? (
        <Stack gap="xs" data-testid="appointment-members">
          <Title order={3} size="h5">
            {ALL_PATIENTS}
          </Title>
          {others.kind === 'unknown' ? (
            <Text c="red.9" role="alert">
              {FETCH_MEMBERS_FAILED}
            </Text>
          ) : others.members.length === 0 ? (
            <Text c="dimmed">{NO_OTHER_MEMBERS}</Text>
          ) : (
            <List spacing="xs" listStyleType="none" pl={0}>
              {others.members.map((member, index) => (
                <List.Item key={`${member.first_name}-${member.last_name}-${index}`} data-testid="appointment-member">
                  <Text fw={600}>
                    {member.first_name} {member.last_name}
                  </Text>
                  <Text size="sm">Date of Birth: {(member.date_of_birth ?? '').slice(0, 10)}</Text>
                  <Text size="sm">Address: {addressLine(member)}</Text>
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
  const { wall } = usePharmacyClock();
  const { cancelling, cancel } = useCancelAppointment();
  return (
    <Stack gap="md" data-testid="appointment-details">
      <Group gap="sm">
        <AppointmentStatusBadge status={appointment.status} data-testid="appointment-status" />
        {entries.length > 0 ? <PendingMark entries={entries} /> : null}
      </Group>
      <ChangeProblems entries={entries} data-testid="appointment-conflict" />
      <FieldList fields={detailFields(appointment, wall.date)} />
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
            {CANCEL_LABEL}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The 'Appointment Details' modal, read from the device's cache: it opens offline too. */
export function AppointmentModal({ appointmentId, entries = [], onClose }: AppointmentModalProps) {
  const { record, loading } = useCachedRecord('appointments', appointmentId ?? undefined);
  useAccessRecord(record ? { action: 'view', collection: 'appointments', record_id: record.appointment_id, patient_user_id: null } : null);
  let body;
  if (record) {
    // Keyed: the members toggle starts closed for each appointment.
    body = <Details key={record.appointment_id} appointment={record} entries={entries} onCancelled={onClose} />;
  } else if (loading) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{LOADING_USER_INFO}</Text>
      </Group>
    );
  } else {
    body = (
      <Alert color="red" variant="light" role="alert">
        {FETCH_USER_INFO_FAILED}
      </Alert>
    );
  }
  return (
    <Modal
      opened={appointmentId !== null}
      onClose={onClose}
      title={MODAL_TITLE}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 650 } }}
      data-testid="appointment-modal"
    >
      {body}
    </Modal>
  );
}
