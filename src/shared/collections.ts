// The lists the app caches on the device, described once. The server mounts their list routes
// (whole list, or a delta page after `?since=`) from this table, and the client's cache and sync
// engine are driven by it.
import type {
  Appointment,
  AutofillEnrolment,
  Inquiry,
  NewPrescription,
  RefillReminder,
  RefillRequest,
  Transfer,
  User,
} from './entities';
import type { SavedReply } from './saved-replies';
import type { StaffMember } from './staff-directory';

/** The five prescription-request lists. */
export interface PrescriptionRecords {
  transfers: Transfer;
  refills: RefillRequest;
  autofill: AutofillEnrolment;
  reminders: RefillReminder;
  newPrescriptions: NewPrescription;
}
export type PrescriptionCollectionName = keyof PrescriptionRecords;

export interface CollectionRecords extends PrescriptionRecords {
  appointments: Appointment;
  users: User;
  inquiries: Inquiry;
  /** Staff's saved replies (no patient data): shared by the pharmacy, offered in the reply box. */
  savedReplies: SavedReply;
  /** The staff directory (no patient data): whom "Assign to…" offers. */
  staff: StaffMember;
}
export type CollectionName = keyof CollectionRecords;

/** `{kind}` of `PUT /admin/{kind}/status/{id}` (spec section 7 notes). */
export type StatusKind = 'Renewals' | 'Service' | 'Reminders';

export interface CollectionInfo<K extends CollectionName = CollectionName> {
  name: K;
  /** List path relative to the API base. */
  path: string;
  /** The record's key field, as the spec names it. */
  key: keyof CollectionRecords[K] & string;
  /** Present when staff change the status through `PUT /admin/{kind}/status/{id}`. */
  statusKind?: StatusKind;
}

export const COLLECTIONS: { [K in CollectionName]: CollectionInfo<K> } = {
  transfers: { name: 'transfers', path: '/admin/transfers', key: 'transfer_id' },
  refills: {
    name: 'refills',
    path: '/admin/refills-and-renewals',
    key: 'id',
    statusKind: 'Renewals',
  },
  autofill: { name: 'autofill', path: '/admin/autofill', key: 'refillId', statusKind: 'Service' },
  reminders: {
    name: 'reminders',
    path: '/admin/refill-reminders',
    key: 'id',
    statusKind: 'Reminders',
  },
  newPrescriptions: {
    name: 'newPrescriptions',
    path: '/admin/new-prescriptions-info',
    key: 'prescription_id',
  },
  appointments: { name: 'appointments', path: '/admin/appointments-bookings', key: 'appointment_id' },
  users: { name: 'users', path: '/admin/users', key: 'user_id' },
  inquiries: { name: 'inquiries', path: '/admin/inquiries', key: 'message_id' },
  savedReplies: { name: 'savedReplies', path: '/admin/saved-replies', key: 'saved_reply_id' },
  staff: { name: 'staff', path: '/admin/staff', key: 'staff_id' },
};

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

export const PRESCRIPTION_COLLECTION_NAMES: readonly PrescriptionCollectionName[] = [
  'transfers',
  'refills',
  'autofill',
  'reminders',
  'newPrescriptions',
];

/**
 * The answer to `GET <list>?since=<cursor>`: what changed after the cursor, deletions included.
 * A plain GET (no `since`) answers the whole list as a bare array, as the spec says.
 */
export interface DeltaPage<T> {
  items: T[];
  /** Keys of records deleted after the cursor. */
  deleted: number[];
  /** Pass back as `since` to continue. Opaque to the client. */
  cursor: string;
  /** More changes wait: ask again with the new cursor. */
  more: boolean;
}
