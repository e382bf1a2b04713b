import { TRANSFERS_LIST } from '../list-config';
import { PrescriptionListPage, type PrescriptionPageProps } from './prescription-list-page';

export function TransfersPage(props: PrescriptionPageProps) {
  return <PrescriptionListPage config={TRANSFERS_LIST} {...props} />;
}
