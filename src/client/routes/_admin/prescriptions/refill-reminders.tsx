import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { RemindersPage } from '../../../features/prescriptions/components/reminders-page';
import {
  PRESCRIPTION_SEARCH_DEFAULTS,
  validatePrescriptionSearch,
  type PrescriptionSearch,
} from '../../../lib/search-params';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/prescriptions/refill-reminders')({
  validateSearch: (search: Partial<PrescriptionSearch> & SearchSchemaInput) =>
    validatePrescriptionSearch(search),
  search: { middlewares: [stripSearchParams(PRESCRIPTION_SEARCH_DEFAULTS)] },
  loader: warmListsLoader('reminders'),
  component: RemindersPageRoute,
});

function RemindersPageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RemindersPage
      id={search.id}
      filter={search.filter}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
