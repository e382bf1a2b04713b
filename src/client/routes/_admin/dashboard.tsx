import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { warmListsLoader } from '../../lib/warm-lists';

export const Route = createFileRoute('/_admin/dashboard')({
  loader: warmListsLoader('inquiries', 'refills', 'autofill', 'reminders', 'appointments', 'transfers'),
  component: DashboardPage,
});
