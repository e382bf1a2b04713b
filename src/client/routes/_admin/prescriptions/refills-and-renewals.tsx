import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { RefillsPage } from '../../../features/prescriptions/components/refills-page';
import {
  PRESCRIPTION_SEARCH_DEFAULTS,
  validatePrescriptionSearch,
  type PrescriptionSearch,
} from '../../../lib/search-params';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/prescriptions/refills-and-renewals')({
  validateSearch: (search: Partial<PrescriptionSearch> & SearchSchemaInput) =>
    validatePrescriptionSearch(search),
  search: { middlewares: [stripSearchParams(PRESCRIPTION_SEARCH_DEFAULTS)] },
  loader: warmListsLoader('refills'),
  component: RefillsPageRoute,
});

function RefillsPageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RefillsPage
      id={search.id}
      filter={search.filter}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
