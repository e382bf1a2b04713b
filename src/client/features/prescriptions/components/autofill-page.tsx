import { AUTOFILL_LIST } from '../list-config';
import { PrescriptionListPage, type PrescriptionPageProps } from './prescription-list-page';

export function AutofillPage(props: PrescriptionPageProps) {
  return <PrescriptionListPage config={AUTOFILL_LIST} {...props} />;
}
