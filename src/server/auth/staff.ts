// Staff accounts the server has seen (the role itself stays a custom claim).
import type { Sql } from '../db/client';
import type { AuthUser } from '../types';

export async function recordStaffVisit(db: Sql, user: AuthUser): Promise<void> {
  await db.query(
    `INSERT INTO staff (uid, email, role) VALUES ($1, $2, $3)
     ON CONFLICT (uid) DO UPDATE
       SET email = EXCLUDED.email, role = EXCLUDED.role, last_seen_at = now()`,
    [user.uid, user.email, user.role],
  );
}
