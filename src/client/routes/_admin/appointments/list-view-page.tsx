import { createFileRoute } from '@tanstack/react-router';
import { ListViewPage } from '../../../features/appointments/components/list-view-page';

export const Route = createFileRoute('/_admin/appointments/list-view-page')({
  component: ListViewPage,
});
