import { createFileRoute } from '@tanstack/react-router';
import { UserDetailPage } from '../../../features/users/components/user-detail-page';

export const Route = createFileRoute('/_admin/users/$userId')({
  component: UserDetailRoute,
});

function UserDetailRoute() {
  const { userId } = Route.useParams();
  return <UserDetailPage userId={userId} />;
}
