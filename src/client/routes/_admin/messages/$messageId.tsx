import { createFileRoute } from '@tanstack/react-router';
import { GuestInfoPage } from '../../../features/messages/components/guest-info-page';

export const Route = createFileRoute('/_admin/messages/$messageId')({
  component: GuestInfoRoute,
});

function GuestInfoRoute() {
  const { messageId } = Route.useParams();
  return <GuestInfoPage messageId={messageId} />;
}
