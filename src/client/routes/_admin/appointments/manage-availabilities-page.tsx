import { createFileRoute } from '@tanstack/react-router';
import { ManageAvailabilitiesPage } from '../../../features/appointments/components/manage-availabilities-page';

export const Route = createFileRoute('/_admin/appointments/manage-availabilities-page')({
  component: ManageAvailabilitiesPage,
});
