import { REMINDERS_LIST } from '../list-config';
import { PrescriptionListPage, type PrescriptionPageProps } from './prescription-list-page';

export function RemindersPage(props: PrescriptionPageProps) {
  return <PrescriptionListPage config={REMINDERS_LIST} {...props} />;
}
