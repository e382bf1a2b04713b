import { useId, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { orNA } from '../../../lib/text';
import { showAlert } from '../../../components/alerts';
import { FieldList } from '../../../components/field-list';
import { useCachedRecord } from '../../../hooks/use-cached-record';
import { useOnline } from '../../../hooks/use-online';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { ageOn } from '../../../lib/age';
import { sendPasswordReset } from '../../../lib/auth';
import { formatDateOfBirth } from '../../../lib/dates';
import { parsePositiveInt } from '../../../lib/search-params';
import { usePatientRecords } from '../hooks/use-patient-records';
import {
  LOADING_USERS,
  NO_EMAIL,
  RESET_FAILED,
  RESET_LABEL,
  RESET_OFFLINE,
  RESET_SENT,
  USER_ERROR,
  userName,
} from '../user-search';
import { PatientRecordsPanel } from './patient-records-panel';
import classes from './users.module.css';
import { useAccessRecord } from '../../../hooks/use-access-record';

export interface UserDetailPageProps {
  userId: string;
}

/** Spec section 2 "User detail", read from the device's cache, with the patient's own records. */
export function UserDetailPage({ userId }: UserDetailPageProps) {
  const id = parsePositiveInt(userId);
  const { record: user, loading } = useCachedRecord('users', id);
  useAccessRecord(user ? { action: 'view', collection: 'users', record_id: user.user_id, patient_user_id: user.user_id } : null);
  const records = usePatientRecords(id);
  const { now, wall } = usePharmacyClock();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const offlineHintId = useId();

  if (!user) {
    return loading && id !== undefined ? (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{LOADING_USERS}</Text>
      </Group>
    ) : (
      <Alert color="red" variant="light" role="alert" data-testid="user-missing">
        {USER_ERROR}
      </Alert>
    );
  }

  const age = ageOn(user.date_of_birth, wall.date);
  const resetBlocked = !online && user.email !== null;
  const reset = async () => {
    if (!user.email) {
      showAlert(NO_EMAIL, 'error');
      return;
    }
    if (!online || sending) return;
    setSending(true);
    try {
      await sendPasswordReset(user.email);
      void import('../../../offline/access').then(({ recordAccess }) =>
        recordAccess({ action: 'password-reset', collection: 'users', record_id: user.user_id, patient_user_id: user.user_id }),
      );
      showAlert(RESET_SENT, 'success');
    } catch (error) {
      console.error(RESET_FAILED, error);
      showAlert(RESET_FAILED, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/users" />}>
        ← Back to users
      </Anchor>
      <div className={classes.detail}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="user-detail">
          <Stack gap="md">
            <Title order={1} size="h2">
              {userName(user)}
            </Title>
            <FieldList
              data-testid="user-fields"
              fields={[
                { label: 'First name', value: user.first_name },
                { label: 'Last name', value: user.last_name },
                { label: 'Phone', value: orNA(user.phone_number) },
                { label: 'Email', value: orNA(user.email) },
                { label: 'Date of birth', value: orNA(formatDateOfBirth(user.date_of_birth)) },
                { label: 'Postal code', value: orNA(user.postal_code) },
                { label: 'Age', value: age === null ? 'N/A' : String(age) },
                { label: 'Status', value: user.status === 'active' ? 'Active' : 'Inactive' },
              ]}
            />
            <Stack gap={4} align="flex-start">
              <Button
                onClick={() => void reset()}
                loading={sending}
                data-disabled={resetBlocked || undefined}
                aria-disabled={resetBlocked || undefined}
                aria-describedby={resetBlocked ? offlineHintId : undefined}
                data-testid="user-password-reset"
              >
                {RESET_LABEL}
              </Button>
              {resetBlocked ? (
                <Text id={offlineHintId} size="sm" c="dimmed" data-testid="user-password-reset-offline">
                  {RESET_OFFLINE}
                </Text>
              ) : null}
            </Stack>
          </Stack>
        </Paper>
        <PatientRecordsPanel records={records} now={now} />
      </div>
    </Stack>
  );
}
