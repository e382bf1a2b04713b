// The names of the records' fields (search by, detail pane), and what an empty one shows.
import { i18n } from '../../i18n/i18n';

export const fieldMessages = i18n('prescriptions/fields', {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  phoneNumber: 'Phone number',
  dateOfBirth: 'Date of birth',
  postalCode: 'Postal code',
  pharmacyName: 'Pharmacy name',
  pharmacyNumber: 'Pharmacy number',
  previousPharmacy: 'Previous pharmacy',
  pharmacyPhone: 'Pharmacy phone',
  rxNumber: 'Rx number',
  type: 'Type',
  medication: 'Medication',
  prescriber: 'Prescriber',
  notes: 'Notes',
  createdAt: 'Created at',
  requestedAt: 'Requested at',
  status: 'Status',
  /** A missing email, phone, postal code… */
  notAvailable: 'N/A',
});
