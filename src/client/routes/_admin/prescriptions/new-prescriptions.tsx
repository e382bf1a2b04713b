import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { NewPrescriptionsPage } from '../../../features/prescriptions/components/new-prescriptions-page';
import {
  PRESCRIPTION_SEARCH_DEFAULTS,
  validatePrescriptionSearch,
  type PrescriptionSearch,
} from '../../../lib/search-params';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/prescriptions/new-prescriptions')({
  validateSearch: (search: Partial<PrescriptionSearch> & SearchSchemaInput) =>
    validatePrescriptionSearch(search),
  search: { middlewares: [stripSearchParams(PRESCRIPTION_SEARCH_DEFAULTS)] },
  loader: warmListsLoader('newPrescriptions'),
  component: NewPrescriptionsPageRoute,
});

function NewPrescriptionsPageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NewPrescriptionsPage
      id={search.id}
      filter={search.filter}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
