// The staff directory as a synced list (issue 19, section 3): whom "Assign to…" offers. No
// patient data, so its downloads leave no access-log entry.
import { StaffMemberSchema } from '../../shared/staff-directory';
import type { Sql } from '../db/client';
import type { SyncedList } from './synced-list';

export const STAFF_LIST: SyncedList = {
  table: 'staff',
  keyColumn: 'staff_id',
  schema: StaffMemberSchema,
  orderBy: 'lower(coalesce(t.name, t.email, t.uid)), t.staff_id',
  patientData: false,
};

/** An admin's name as the server knows it, or undefined for a uid that is no admin it has seen. */
export async function assignableName(db: Sql, uid: string): Promise<{ name: string | null } | undefined> {
  const [row] = await db.query<{ name: string | null; email: string | null }>(
    `SELECT name, email FROM staff WHERE uid = $1 AND role = 'admin'`,
    [uid],
  );
  return row ? { name: row.name ?? row.email } : undefined;
}
