// The five prescription-request lists described as data: one two-pane page renders them all.
// Texts are the spec's (sections 2, 5 and 8) where it gives them, in message groups read when
// shown (the language can change): the list's own (lists.messages.ts), its fields' names
// (fields.messages.ts) and the words for the values (values.messages.ts).
import type { ReadableAtom, StoreValue } from 'nanostores';
import {
  COLLECTIONS,
  type PrescriptionCollectionName as CollectionName,
  type PrescriptionRecords as CollectionRecords,
} from '../../../shared/collections';
import { formatDateOfBirth, formatDateTime } from '../../lib/dates';
import type { fieldMessages } from './fields.messages';
import {
  autofillMessages,
  newPrescriptionsMessages,
  refillsMessages,
  remindersMessages,
  transfersMessages,
} from './lists.messages';
import type { refillTypeMessages, statusMessages } from './values.messages';

export type FieldNames = StoreValue<typeof fieldMessages>;
/** A field's name in `fieldMessages`. */
export type FieldName = Exclude<keyof FieldNames, 'notAvailable'>;

/** What a field's value is written with, in the language shown. */
export interface ValueWords {
  fields: FieldNames;
  status: StoreValue<typeof statusMessages>;
  refillType: StoreValue<typeof refillTypeMessages>;
  /** For dates and times (i18n/locale.ts `intlLocale()`). */
  locale: string | undefined;
}

export interface SearchField<T> {
  field: keyof T & string;
  label: FieldName;
}

export interface DetailField<T> {
  label: FieldName;
  value: (row: T, words: ValueWords) => string;
}

export interface ListTexts {
  title: string;
  loadingText: string;
  errorText: string;
  /** Alert after the server confirmed a flag (spec section 8). */
  flagSuccess?: string;
}

export interface ListConfig<K extends CollectionName> {
  collection: K;
  key: keyof CollectionRecords[K] & string;
  texts: ReadableAtom<ListTexts>;
  /** More than one field: the page offers a "Search by" select. */
  searchFields: readonly SearchField<CollectionRecords[K]>[];
  /** Shown under the name in a list row. */
  secondary: (row: CollectionRecords[K], words: ValueWords) => string;
  detailFields: readonly DetailField<CollectionRecords[K]>[];
  /** How staff change the status: the transfer calls, the `{kind}/status` call, or not at all. */
  statusActions: 'transfer' | 'status' | 'none';
  notify: boolean;
}

export type AnyListConfig = { [K in CollectionName]: ListConfig<K> }[CollectionName];
export type AnyRecord = CollectionRecords[CollectionName];

const fullName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();
/** The spec's 'N/A' for a missing value (an email, a phone, a postal code). */
const orNA = (value: string | null | undefined, words: ValueWords): string => value || words.fields.notAvailable;
const createdAt = (row: { created_at: string }, words: ValueWords) => formatDateTime(row.created_at, { locale: words.locale });
const status = (row: { status: AnyRecord['status'] }, words: ValueWords) => words.status[row.status] ?? row.status;
const rxSearch = [{ field: 'rx_number', label: 'rxNumber' }] as const;

function rxDetail<T extends CollectionRecords['autofill' | 'reminders' | 'refills']>(
  extra: readonly DetailField<T>[] = [],
): DetailField<T>[] {
  return [
    { label: 'name', value: fullName },
    { label: 'rxNumber', value: (row) => row.rx_number },
    ...extra,
    { label: 'dateOfBirth', value: (row) => formatDateOfBirth(row.date_of_birth) },
    { label: 'requestedAt', value: createdAt },
    { label: 'status', value: status },
  ];
}

export const TRANSFERS_LIST: ListConfig<'transfers'> = {
  collection: 'transfers',
  key: COLLECTIONS.transfers.key,
  texts: transfersMessages,
  searchFields: [
    { field: 'first_name', label: 'firstName' },
    { field: 'last_name', label: 'lastName' },
    { field: 'email', label: 'email' },
    { field: 'phone_number', label: 'phoneNumber' },
    { field: 'postal_code', label: 'postalCode' },
    { field: 'pharmacy_name', label: 'pharmacyName' },
    { field: 'pharmacy_number', label: 'pharmacyNumber' },
  ],
  secondary: (row) => row.pharmacy_name,
  detailFields: [
    { label: 'name', value: fullName },
    { label: 'phone', value: (row, words) => orNA(row.phone_number, words) },
    { label: 'email', value: (row, words) => orNA(row.email, words) },
    { label: 'dateOfBirth', value: (row) => formatDateOfBirth(row.date_of_birth) },
    { label: 'createdAt', value: createdAt },
    { label: 'postalCode', value: (row, words) => orNA(row.postal_code, words) },
    { label: 'previousPharmacy', value: (row, words) => orNA(row.pharmacy_name, words) },
    { label: 'pharmacyPhone', value: (row, words) => orNA(row.pharmacy_number, words) },
    { label: 'status', value: status },
  ],
  statusActions: 'transfer',
  notify: true,
};

export const REFILLS_LIST: ListConfig<'refills'> = {
  collection: 'refills',
  key: COLLECTIONS.refills.key,
  texts: refillsMessages,
  searchFields: rxSearch,
  secondary: (row, words) => `${row.rx_number} · ${words.refillType[row.type] ?? row.type}`,
  detailFields: rxDetail<CollectionRecords['refills']>([
    { label: 'type', value: (row, words) => words.refillType[row.type] ?? row.type },
  ]),
  statusActions: 'status',
  notify: false,
};

export const AUTOFILL_LIST: ListConfig<'autofill'> = {
  collection: 'autofill',
  key: COLLECTIONS.autofill.key,
  texts: autofillMessages,
  searchFields: rxSearch,
  secondary: (row) => row.rx_number,
  detailFields: rxDetail<CollectionRecords['autofill']>(),
  statusActions: 'status',
  notify: false,
};

export const REMINDERS_LIST: ListConfig<'reminders'> = {
  collection: 'reminders',
  key: COLLECTIONS.reminders.key,
  texts: remindersMessages,
  searchFields: rxSearch,
  secondary: (row) => row.rx_number,
  detailFields: rxDetail<CollectionRecords['reminders']>(),
  statusActions: 'status',
  notify: false,
};

export const NEW_PRESCRIPTIONS_LIST: ListConfig<'newPrescriptions'> = {
  collection: 'newPrescriptions',
  key: COLLECTIONS.newPrescriptions.key,
  texts: newPrescriptionsMessages,
  searchFields: [
    { field: 'first_name', label: 'firstName' },
    { field: 'last_name', label: 'lastName' },
    { field: 'medication', label: 'medication' },
    { field: 'prescriber_name', label: 'prescriber' },
  ],
  secondary: (row) => row.medication,
  detailFields: [
    { label: 'name', value: fullName },
    { label: 'dateOfBirth', value: (row) => formatDateOfBirth(row.date_of_birth) },
    { label: 'medication', value: (row) => row.medication },
    { label: 'prescriber', value: (row) => row.prescriber_name },
    { label: 'notes', value: (row, words) => orNA(row.notes, words) },
    { label: 'createdAt', value: createdAt },
    { label: 'status', value: status },
  ],
  statusActions: 'none',
  notify: false,
};

/** The name shown on a list row and at the top of the detail pane. */
export function recordName(row: AnyRecord): string {
  return fullName(row);
}
