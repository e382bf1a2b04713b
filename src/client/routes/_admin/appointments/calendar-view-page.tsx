import { createFileRoute } from '@tanstack/react-router';
import { CalendarViewPage } from '../../../features/appointments/components/calendar-view-page';

export const Route = createFileRoute('/_admin/appointments/calendar-view-page')({
  component: CalendarViewPage,
});
