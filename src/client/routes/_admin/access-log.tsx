import { createFileRoute } from '@tanstack/react-router';
import { AccessLogPage } from '../../features/access-log/components/access-log-page';

export const Route = createFileRoute('/_admin/access-log')({
  component: AccessLogPage,
});
