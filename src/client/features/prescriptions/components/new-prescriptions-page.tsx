import { NEW_PRESCRIPTIONS_LIST } from '../list-config';
import { PrescriptionListPage, type PrescriptionPageProps } from './prescription-list-page';

export function NewPrescriptionsPage(props: PrescriptionPageProps) {
  return <PrescriptionListPage config={NEW_PRESCRIPTIONS_LIST} {...props} />;
}
