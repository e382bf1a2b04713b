// Data access of patients (the spec's "User").
import { UserSchema } from '../../shared/entities';
import type { SyncedList } from './synced-list';

export const USER_LIST: SyncedList = {
  table: 'users',
  keyColumn: 'user_id',
  schema: UserSchema,
  orderBy: 't.last_name, t.first_name, t.user_id',
};
