import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { FieldList } from '../../../components/field-list';
import { useCachedRecord } from '../../../hooks/use-cached-record';
import { parsePositiveInt } from '../../../lib/search-params';
import { shownName } from '../inquiry-list';
import { guestInfoMessages, inquiryListMessages } from '../inquiry-list.messages';
import { orNA } from '../../../lib/text';
import { useAccessRecord } from '../../../hooks/use-access-record';

export interface GuestInfoPageProps {
  messageId: string;
}

/** Spec section 2 "Guest info page": who asked (read from the device's cache) and what they said. */
export function GuestInfoPage({ messageId }: GuestInfoPageProps) {
  const t = useStore(guestInfoMessages);
  const list = useStore(inquiryListMessages);
  const id = parsePositiveInt(messageId);
  const { record: inquiry, loading } = useCachedRecord('inquiries', id);
  useAccessRecord(inquiry ? { action: 'view', collection: 'inquiries', record_id: inquiry.message_id, patient_user_id: null, detail: { page: 'guest-info' } } : null);

  if (!inquiry) {
    return loading && id !== undefined ? (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{list.loading}</Text>
      </Group>
    ) : (
      <Alert color="red" variant="light" role="alert" data-testid="guest-info-missing">
        {list.error} {t.missing}
      </Alert>
    );
  }

  const name = shownName(inquiry, list.unknownUser);
  return (
    <Stack gap="md" maw={720} data-testid="guest-info">
      <Anchor
        size="sm"
        renderRoot={(props) => <Link {...props} to="/messages" search={{ id: inquiry.message_id, filter: 'All' }} />}
      >
        {t.back}
      </Anchor>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {name}
          </Title>
          <FieldList
            data-testid="guest-info-fields"
            fields={[
              { label: t.name, value: name },
              { label: t.phone, value: orNA(inquiry.phone_number, t.notAvailable) },
              { label: t.email, value: orNA(inquiry.email, t.notAvailable) },
            ]}
          />
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t.userSaid}
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
