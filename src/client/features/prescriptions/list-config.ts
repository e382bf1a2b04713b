// The five prescription-request lists described as data: one two-pane page renders them all.
// Texts are the spec's (sections 2, 5 and 8) where it gives them.
import {
  COLLECTIONS,
  type PrescriptionCollectionName as CollectionName,
  type PrescriptionRecords as CollectionRecords,
} from '../../../shared/collections';
import { formatDateOfBirth, formatDateTime } from '../../lib/dates';
import { statusLabel } from './record-actions';
import { orNA } from '../../lib/text';

export interface SearchField<T> {
  field: keyof T & string;
  label: string;
}

export interface DetailField<T> {
  label: string;
  value: (row: T) => string;
}

export interface ListConfig<K extends CollectionName> {
  collection: K;
  key: keyof CollectionRecords[K] & string;
  title: string;
  loadingText: string;
  errorText: string;
  /** More than one field: the page offers a "Search by" select. */
  searchFields: readonly SearchField<CollectionRecords[K]>[];
  /** Shown under the name in a list row. */
  secondary: (row: CollectionRecords[K]) => string;
  detailFields: readonly DetailField<CollectionRecords[K]>[];
  /** How staff change the status: the transfer calls, the `{kind}/status` call, or not at all. */
  statusActions: 'transfer' | 'status' | 'none';
  /** Alert after the server confirmed a flag (spec section 8). */
  flagSuccess?: string;
  notify: boolean;
}

export type AnyListConfig = { [K in CollectionName]: ListConfig<K> }[CollectionName];
export type AnyRecord = CollectionRecords[CollectionName];

export const EMPTY_TEXT = 'No prescriptions available.';
export const SELECT_TEXT = 'Select a prescription to view details.';

const fullName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();
const rxSearch = [{ field: 'rx_number', label: 'Rx number' }] as const;

function rxDetail<T extends CollectionRecords['autofill' | 'reminders' | 'refills']>(
  extra: readonly DetailField<T>[] = [],
): DetailField<T>[] {
  return [
    { label: 'Name', value: fullName },
    { label: 'Rx number', value: (row) => row.rx_number },
    ...extra,
    { label: 'Date of birth', value: (row) => formatDateOfBirth(row.date_of_birth) },
    { label: 'Requested at', value: (row) => formatDateTime(row.created_at) },
    { label: 'Status', value: (row) => statusLabel(row.status) },
  ];
}

export const TRANSFERS_LIST: ListConfig<'transfers'> = {
  collection: 'transfers',
  key: COLLECTIONS.transfers.key,
  title: 'Transfers',
  loadingText: 'Loading transfers...',
  errorText: 'Failed to fetch transfers.',
  searchFields: [
    { field: 'first_name', label: 'First name' },
    { field: 'last_name', label: 'Last name' },
    { field: 'email', label: 'Email' },
    { field: 'phone_number', label: 'Phone number' },
    { field: 'postal_code', label: 'Postal code' },
    { field: 'pharmacy_name', label: 'Pharmacy name' },
    { field: 'pharmacy_number', label: 'Pharmacy number' },
  ],
  secondary: (row) => row.pharmacy_name,
  detailFields: [
    { label: 'Name', value: fullName },
    { label: 'Phone', value: (row) => orNA(row.phone_number) },
    { label: 'Email', value: (row) => orNA(row.email) },
    { label: 'Date of birth', value: (row) => formatDateOfBirth(row.date_of_birth) },
    { label: 'Created at', value: (row) => formatDateTime(row.created_at) },
    { label: 'Postal code', value: (row) => orNA(row.postal_code) },
    { label: 'Previous pharmacy', value: (row) => orNA(row.pharmacy_name) },
    { label: 'Pharmacy phone', value: (row) => orNA(row.pharmacy_number) },
    { label: 'Status', value: (row) => statusLabel(row.status) },
  ],
  statusActions: 'transfer',
  flagSuccess: 'Transfer flagged successfully.',
  notify: true,
};

export const REFILLS_LIST: ListConfig<'refills'> = {
  collection: 'refills',
  key: COLLECTIONS.refills.key,
  title: 'Refills and Renewals',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch refills.',
  searchFields: rxSearch,
  secondary: (row) => `${row.rx_number} · ${row.type}`,
  detailFields: rxDetail<CollectionRecords['refills']>([
    { label: 'Type', value: (row) => row.type },
  ]),
  statusActions: 'status',
  flagSuccess: 'Prescription flagged successfully.',
  notify: false,
};

export const AUTOFILL_LIST: ListConfig<'autofill'> = {
  collection: 'autofill',
  key: COLLECTIONS.autofill.key,
  title: 'Patients Enrolled in Autofill Service',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch refills.',
  searchFields: rxSearch,
  secondary: (row) => row.rx_number,
  detailFields: rxDetail<CollectionRecords['autofill']>(),
  statusActions: 'status',
  flagSuccess: 'Prescription flagged successfully.',
  notify: false,
};

export const REMINDERS_LIST: ListConfig<'reminders'> = {
  collection: 'reminders',
  key: COLLECTIONS.reminders.key,
  title: 'Patients Enrolled in Refill Reminders',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch refills.',
  searchFields: rxSearch,
  secondary: (row) => row.rx_number,
  detailFields: rxDetail<CollectionRecords['reminders']>(),
  statusActions: 'status',
  flagSuccess: 'Prescription flagged successfully.',
  notify: false,
};

export const NEW_PRESCRIPTIONS_LIST: ListConfig<'newPrescriptions'> = {
  collection: 'newPrescriptions',
  key: COLLECTIONS.newPrescriptions.key,
  title: 'New Prescriptions',
  loadingText: 'Loading refills...',
  errorText: 'Failed to fetch prescriptions.',
  searchFields: [
    { field: 'first_name', label: 'First name' },
    { field: 'last_name', label: 'Last name' },
    { field: 'medication', label: 'Medication' },
    { field: 'prescriber_name', label: 'Prescriber' },
  ],
  secondary: (row) => row.medication,
  detailFields: [
    { label: 'Name', value: fullName },
    { label: 'Date of birth', value: (row) => formatDateOfBirth(row.date_of_birth) },
    { label: 'Medication', value: (row) => row.medication },
    { label: 'Prescriber', value: (row) => row.prescriber_name },
    { label: 'Notes', value: (row) => orNA(row.notes) },
    { label: 'Created at', value: (row) => formatDateTime(row.created_at) },
    { label: 'Status', value: (row) => statusLabel(row.status) },
  ],
  statusActions: 'none',
  notify: false,
};

/** The name shown on a list row and at the top of the detail pane. */
export function recordName(row: AnyRecord): string {
  return fullName(row);
}
