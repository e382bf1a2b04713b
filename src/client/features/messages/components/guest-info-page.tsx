import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FieldList } from '../../../components/field-list';
import { useCachedRecord } from '../../../hooks/use-cached-record';
import { parsePositiveInt } from '../../../lib/search-params';
import { inquiryName } from '../../../../shared/inquiry-api';
import { ERROR_TEXT, LOADING_TEXT, USER_SAID } from '../inquiry-list';
import { orNA } from '../../../lib/text';
import { useAccessRecord } from '../../../hooks/use-access-record';

export interface GuestInfoPageProps {
  messageId: string;
}

/** Spec section 2 "Guest info page": who asked (read from the device's cache) and what they said. */
export function GuestInfoPage({ messageId }: GuestInfoPageProps) {
  const id = parsePositiveInt(messageId);
  const { record: inquiry, loading } = useCachedRecord('inquiries', id);
  useAccessRecord(inquiry ? { action: 'view', collection: 'inquiries', record_id: inquiry.message_id, patient_user_id: null, detail: { page: 'guest-info' } } : null);

  if (!inquiry) {
    return loading && id !== undefined ? (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{LOADING_TEXT}</Text>
      </Group>
    ) : (
      <Alert color="red" variant="light" role="alert" data-testid="guest-info-missing">
        {ERROR_TEXT} This inquiry is not on this device.
      </Alert>
    );
  }

  return (
    <Stack gap="md" maw={720} data-testid="guest-info">
      <Anchor
        size="sm"
        renderRoot={(props) => <Link {...props} to="/messages" search={{ id: inquiry.message_id, filter: 'All' }} />}
      >
        ← Back to messages
      </Anchor>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {inquiryName(inquiry)}
          </Title>
          <FieldList
            data-testid="guest-info-fields"
            fields={[
              { label: 'Name', value: inquiryName(inquiry) },
              { label: 'Phone', value: orNA(inquiry.phone_number) },
              { label: 'Email', value: orNA(inquiry.email) },
            ]}
          />
          <Stack gap={4}>
            <Title order={2} size="h5">
              {USER_SAID}
            </Title>
            <Text data-testid="guest-info-message" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {inquiry.message}
            </Text>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
