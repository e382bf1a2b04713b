import { createFileRoute } from '@tanstack/react-router';
import { CalendarViewPage } from '../../../features/appointments/components/calendar-view-page';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/appointments/calendar-view-page')({
  loader: warmListsLoader('appointments'),
  component: CalendarViewPage,
});
