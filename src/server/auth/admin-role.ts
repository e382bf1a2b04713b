// Granting and revoking the admin role (custom claim `role`), and the staff name beside it
// (custom claim `staff_name`, issue 19). A patient made admin keeps a `patient` mark, so revoking
// gives them their patient role back instead of none. Revoking keeps the name: granting the
// role again later needs none.
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { roleOf } from './user-roles';
import { STAFF_NAME_CLAIM, staffNameOf } from './staff-name';
import type { Role } from '../types';

export type RoleChange =
  { kind: 'unknown-email' } | { kind: 'changed' | 'unchanged'; uid: string; role: Role };

export type GrantResult =
  | { kind: 'unknown-email' }
  /** Neither given a name nor holding one: every admin has a name. Nothing was changed. */
  | { kind: 'needs-name'; uid: string }
  | {
      kind: 'granted';
      uid: string;
      /** Already an admin before (then only the name may have changed). */
      wasAdmin: boolean;
      name: string;
      previousName: string | null;
    };

export type RenameResult =
  | { kind: 'unknown-email' }
  | { kind: 'not-admin'; uid: string; role: Role }
  | { kind: 'renamed'; uid: string; name: string; previousName: string | null };

async function userByEmail(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

function isPatient(user: UserRecord, claims: Record<string, unknown>): boolean {
  return roleOf(claims) === 'patient' || claims.patient === true || user.uid.startsWith('patient-');
}

/**
 * Gives `email` the admin role with `name` (already normalized: staff-name.ts), or with the name
 * the account holds when `name` is left out. Granting an admin again with a new name renames them.
 */
export async function grantAdmin(auth: Auth, email: string, name?: string): Promise<GrantResult> {
  const user = await userByEmail(auth, email);
  if (!user) return { kind: 'unknown-email' };
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const wasAdmin = roleOf(claims) === 'admin';
  const previousName = staffNameOf(claims);
  const wanted = name ?? previousName;
  if (wanted === null) return { kind: 'needs-name', uid: user.uid };
  if (!wasAdmin || wanted !== previousName) {
    await auth.setCustomUserClaims(user.uid, {
      ...claims,
      role: 'admin',
      [STAFF_NAME_CLAIM]: wanted,
      ...(isPatient(user, claims) ? { patient: true } : {}),
    });
  }
  return { kind: 'granted', uid: user.uid, wasAdmin, name: wanted, previousName };
}

/** Changes the name of an admin (`name` already normalized). */
export async function renameStaff(auth: Auth, email: string, name: string): Promise<RenameResult> {
  const user = await userByEmail(auth, email);
  if (!user) return { kind: 'unknown-email' };
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const role = roleOf(claims);
  if (role !== 'admin') return { kind: 'not-admin', uid: user.uid, role };
  const previousName = staffNameOf(claims);
  if (previousName !== name) await auth.setCustomUserClaims(user.uid, { ...claims, [STAFF_NAME_CLAIM]: name });
  return { kind: 'renamed', uid: user.uid, name, previousName };
}

/** Takes the admin role away and ends the account's sessions; its name stays for a later grant. */
export async function revokeAdmin(auth: Auth, email: string): Promise<RoleChange> {
  const user = await userByEmail(auth, email);
  if (!user) return { kind: 'unknown-email' };
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const current = roleOf(claims);
  if (current !== 'admin') return { kind: 'unchanged', uid: user.uid, role: current };
  const patient = isPatient(user, claims);
  delete claims.patient;
  delete claims.role;
  const role: Role = patient ? 'patient' : 'none';
  await auth.setCustomUserClaims(user.uid, patient ? { ...claims, role } : claims);
  // Ends the sessions: the server refuses tokens issued before this instant.
  await auth.revokeRefreshTokens(user.uid);
  return { kind: 'changed', uid: user.uid, role };
}
