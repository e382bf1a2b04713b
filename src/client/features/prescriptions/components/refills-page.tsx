import { REFILLS_LIST } from '../list-config';
import { PrescriptionListPage, type PrescriptionPageProps } from './prescription-list-page';

export function RefillsPage(props: PrescriptionPageProps) {
  return <PrescriptionListPage config={REFILLS_LIST} {...props} />;
}
