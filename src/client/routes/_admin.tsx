import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../app/admin-layout';
import { GuardLoading } from '../app/guard-loading';

export const Route = createFileRoute('/_admin')({
  beforeLoad: ({ context: { guard } }) => guard.admin(),
  component: AdminLayout,
  // Spec "Guard": 'Loading...' while the role is being checked (a remembered admin never waits).
  pendingComponent: GuardLoading,
  pendingMs: 150,
  pendingMinMs: 0,
  // Both come with the layout's chunk, not the app's entry: the sign-in screen paints without them.
  codeSplitGroupings: [['component', 'pendingComponent']],
});
