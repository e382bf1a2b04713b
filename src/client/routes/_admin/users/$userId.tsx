import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { PatientAccess } from '../../../features/access-log/components/patient-access';
import { UserDetailPage } from '../../../features/users/components/user-detail-page';
import { parsePositiveInt } from '../../../lib/search-params';

export const Route = createFileRoute('/_admin/users/$userId')({
  component: UserDetailRoute,
});

function UserDetailRoute() {
  const { userId } = Route.useParams();
  const id = parsePositiveInt(userId);
  return (
    <Stack gap="lg">
      <UserDetailPage userId={userId} />
      {id !== undefined ? <PatientAccess userId={id} /> : null}
    </Stack>
  );
}
