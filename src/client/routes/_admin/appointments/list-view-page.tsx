import { createFileRoute } from '@tanstack/react-router';
import { ListViewPage } from '../../../features/appointments/components/list-view-page';
import { parsePositiveInt } from '../../../lib/search-params';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/appointments/list-view-page')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = parsePositiveInt(search.id);
    return id === undefined ? {} : { id };
  },
  loader: warmListsLoader('appointments'),
  component: ListViewRoute,
});

function ListViewRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ListViewPage id={id} onClearId={() => void navigate({ search: {}, replace: true })} />;
}
