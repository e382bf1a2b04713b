import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/users/components/users-page';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/users/')({
  loader: warmListsLoader('users'),
  component: UsersPage,
});
