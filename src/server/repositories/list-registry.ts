// Every list the app caches (src/shared/collections.ts), by collection name.
import type { CollectionName } from '../../shared/collections';
import { APPOINTMENT_LIST } from './appointments';
import { INQUIRY_LIST } from './inquiries';
import { PRESCRIPTION_TABLES } from './prescription-requests';
import { SAVED_REPLY_LIST } from './saved-replies';
import { STAFF_LIST } from './staff-directory';
import type { SyncedList } from './synced-list';
import { USER_LIST } from './users';

export const SYNCED_LISTS: Record<CollectionName, SyncedList> = {
  ...PRESCRIPTION_TABLES,
  appointments: APPOINTMENT_LIST,
  users: USER_LIST,
  inquiries: INQUIRY_LIST,
  savedReplies: SAVED_REPLY_LIST,
  staff: STAFF_LIST,
};
