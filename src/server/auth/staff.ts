// Staff accounts the server has seen (the role itself stays a custom claim), with the name the
// account had then (issue 19): the names of the uids that the audit tables hold.
import type { Sql } from '../db/client';
import type { AuthUser } from '../types';

/** Per database: the name each staff member was last recorded with by this process. */
const recordedNames = new WeakMap<Sql, Map<string, { name: string | null; failedAt?: number }>>();

/** After a failed write, how long before a request tries again (not every request of an outage). */
const RETRY_AFTER_MS = 30_000;

export async function recordStaffVisit(db: Sql, user: AuthUser): Promise<void> {
  await db.query(
    `INSERT INTO staff (uid, email, role, name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (uid) DO UPDATE
       SET email = EXCLUDED.email, role = EXCLUDED.role, name = EXCLUDED.name, last_seen_at = now()`,
    [user.uid, user.email, user.role, user.name],
  );
  recordedNames.get(db)?.set(user.uid, { name: user.name });
}

/**
 * Keeps `staff.name` in step with the name read with the role (issue 19) for a staff member whose
 * app has not asked GET /role since a rename (a page left open for days): written the first time
 * this process sees them and when their name changes, never on other requests. Not awaited: the
 * request does not wait on it, and a failure (the database away) is tried again a little later.
 */
export function noteStaffName(db: Sql, user: AuthUser, onError: (error: unknown) => void, now = Date.now()): void {
  let names = recordedNames.get(db);
  if (!names) recordedNames.set(db, (names = new Map()));
  const recorded = names.get(user.uid);
  if (recorded?.failedAt !== undefined) {
    if (now - recorded.failedAt < RETRY_AFTER_MS) return;
  } else if (recorded && recorded.name === user.name) {
    return;
  }
  const entry: { name: string | null; failedAt?: number } = { name: user.name };
  names.set(user.uid, entry);
  recordStaffVisit(db, user).catch((error: unknown) => {
    entry.failedAt = Date.now();
    onError(error);
  });
}

/** The names the server knows for these uids (those with one). */
export async function staffNames(db: Sql, uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db.query<{ uid: string; name: string }>(
    'SELECT uid, name FROM staff WHERE uid = ANY($1::text[]) AND name IS NOT NULL',
    [uids],
  );
  return new Map(rows.map((row) => [row.uid, row.name]));
}
