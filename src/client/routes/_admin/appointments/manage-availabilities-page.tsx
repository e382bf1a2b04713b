import { createFileRoute } from '@tanstack/react-router';
import { ManageAvailabilitiesPage } from '../../../features/appointments/components/manage-availabilities-page';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/appointments/manage-availabilities-page')({
  loader: warmListsLoader('appointments'),
  component: ManageAvailabilitiesPage,
});
