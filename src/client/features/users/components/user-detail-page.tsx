import { useId, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { orNA } from '../../../lib/text';
import { showAlert } from '../../../components/alerts';
import { FieldList } from '../../../components/field-list';
import { focusableWhileLoading } from '../../../components/focusable-while-loading';
import { useCachedRecord } from '../../../hooks/use-cached-record';
import { useOnline } from '../../../hooks/use-online';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { ageOn } from '../../../lib/age';
import { sendPasswordReset } from '../../../lib/auth';
import { formatDateOfBirth } from '../../../lib/dates';
import { textsOf } from '../../../i18n/i18n';
import { parsePositiveInt } from '../../../lib/search-params';
import { usePatientRecords } from '../hooks/use-patient-records';
import { userName } from '../user-search';
import { passwordResetToastMessages, userDetailMessages, usersListMessages } from '../users.messages';
import { PatientRecordsPanel } from './patient-records-panel';
import classes from './users.module.css';
import { useAccessRecord } from '../../../hooks/use-access-record';
import { PresenceLine } from '../../../components/presence/presence-line';
import { RecordHistory } from '../../../components/record-history/record-history';

export interface UserDetailPageProps {
  userId: string;
}

/** Spec section 2 "User detail", read from the device's cache, with the patient's own records. */
export function UserDetailPage({ userId }: UserDetailPageProps) {
  const t = useStore(userDetailMessages);
  const { loading: loadingText } = useStore(usersListMessages);
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
        <Text size="sm">{loadingText}</Text>
      </Group>
    ) : (
      <Alert color="red" variant="light" role="alert" data-testid="user-missing">
        {t.error}
      </Alert>
    );
  }

  const age = ageOn(user.date_of_birth, wall.date);
  const resetBlocked = !online && user.email !== null;
  const reset = async () => {
    const toasts = textsOf(passwordResetToastMessages);
    if (!user.email) {
      showAlert(toasts.noEmail, 'error');
      return;
    }
    if (!online || sending) return;
    setSending(true);
    try {
      await sendPasswordReset(user.email);
      void import('../../../offline/access').then(({ recordAccess }) =>
        recordAccess({ action: 'password-reset', collection: 'users', record_id: user.user_id, patient_user_id: user.user_id }),
      );
      showAlert(textsOf(passwordResetToastMessages).sent, 'success');
    } catch (error) {
      console.error('Failed to send password reset email.', error);
      showAlert(textsOf(passwordResetToastMessages).failed, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/users" />}>
        {t.back}
      </Anchor>
      <div className={classes.detail}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="user-detail">
          <Stack gap="md">
            <Title order={1} size="h2">
              {userName(user)}
            </Title>
            <PresenceLine list="users" id={user.user_id} />
            <FieldList
              data-testid="user-fields"
              fields={[
                { label: t.firstName, value: user.first_name },
                { label: t.lastName, value: user.last_name },
                { label: t.phone, value: orNA(user.phone_number, t.notAvailable) },
                { label: t.email, value: orNA(user.email, t.notAvailable) },
                { label: t.dateOfBirth, value: orNA(formatDateOfBirth(user.date_of_birth), t.notAvailable) },
                { label: t.postalCode, value: orNA(user.postal_code, t.notAvailable) },
                { label: t.age, value: age === null ? t.notAvailable : String(age) },
                { label: t.status, value: user.status === 'active' ? t.active : t.inactive },
              ]}
            />
            <Stack gap={4} align="flex-start">
              <Button
                onClick={() => void reset()}
                loading={sending}
                renderRoot={focusableWhileLoading}
                data-disabled={resetBlocked || undefined}
                aria-disabled={resetBlocked || undefined}
                aria-describedby={resetBlocked ? offlineHintId : undefined}
                data-testid="user-password-reset"
              >
                {t.resetLabel}
              </Button>
              {resetBlocked ? (
                <Text id={offlineHintId} size="sm" c="dimmed" data-testid="user-password-reset-offline">
                  {t.resetOffline}
                </Text>
              ) : null}
            </Stack>
            <RecordHistory list="users" id={user.user_id} order={2} />
          </Stack>
        </Paper>
        <PatientRecordsPanel records={records} now={now} />
      </div>
    </Stack>
  );
}
