import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { TransfersPage } from '../../../features/prescriptions/components/transfers-page';
import {
  PRESCRIPTION_SEARCH_DEFAULTS,
  validatePrescriptionSearch,
  type PrescriptionSearch,
} from '../../../lib/search-params';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/prescriptions/transfers')({
  validateSearch: (search: Partial<PrescriptionSearch> & SearchSchemaInput) =>
    validatePrescriptionSearch(search),
  search: { middlewares: [stripSearchParams(PRESCRIPTION_SEARCH_DEFAULTS)] },
  loader: warmListsLoader('transfers'),
  component: TransfersPageRoute,
});

function TransfersPageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TransfersPage
      id={search.id}
      filter={search.filter}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
