import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { AutofillPage } from '../../../features/prescriptions/components/autofill-page';
import {
  PRESCRIPTION_SEARCH_DEFAULTS,
  validatePrescriptionSearch,
  type PrescriptionSearch,
} from '../../../lib/search-params';
import { warmListsLoader } from '../../../lib/warm-lists';

export const Route = createFileRoute('/_admin/prescriptions/autofill')({
  validateSearch: (search: Partial<PrescriptionSearch> & SearchSchemaInput) =>
    validatePrescriptionSearch(search),
  search: { middlewares: [stripSearchParams(PRESCRIPTION_SEARCH_DEFAULTS)] },
  loader: warmListsLoader('autofill'),
  component: AutofillPageRoute,
});

function AutofillPageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AutofillPage
      id={search.id}
      filter={search.filter}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
