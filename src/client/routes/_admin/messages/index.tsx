import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/messages/components/messages-page';
import {
  MESSAGES_SEARCH_DEFAULTS,
  validateMessagesSearch,
  type MessagesSearch,
} from '../../../lib/search-params';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/messages/')({
  validateSearch: (search: Partial<MessagesSearch> & SearchSchemaInput) => validateMessagesSearch(search),
  search: { middlewares: [stripSearchParams(MESSAGES_SEARCH_DEFAULTS)] },
  loader: warmListsLoader('inquiries'),
  component: MessagesRoute,
});

function MessagesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MessagesPage
      id={search.id}
      filter={search.filter}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
