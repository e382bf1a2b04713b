// Granting and revoking the admin role (custom claim `role`). A patient made admin keeps a
// `patient` mark, so revoking gives them their patient role back instead of none.
import type { Auth } from 'firebase-admin/auth';
import { roleOf } from './user-roles';
import type { Role } from '../types';

export type RoleChange =
  { kind: 'unknown-email' } | { kind: 'changed' | 'unchanged'; uid: string; role: Role };

export async function changeAdminRole(
  auth: Auth,
  action: 'grant' | 'revoke',
  email: string,
): Promise<RoleChange> {
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found')
      return { kind: 'unknown-email' };
    throw error;
  }
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const current = roleOf(claims);
  const isPatient =
    current === 'patient' || claims.patient === true || user.uid.startsWith('patient-');
  if (action === 'grant') {
    if (current === 'admin') return { kind: 'unchanged', uid: user.uid, role: current };
    await auth.setCustomUserClaims(user.uid, {
      ...claims,
      role: 'admin',
      ...(isPatient ? { patient: true } : {}),
    });
    return { kind: 'changed', uid: user.uid, role: 'admin' };
  }
  if (current !== 'admin') return { kind: 'unchanged', uid: user.uid, role: current };
  delete claims.patient;
  delete claims.role;
  const role: Role = isPatient ? 'patient' : 'none';
  await auth.setCustomUserClaims(user.uid, isPatient ? { ...claims, role } : claims);
  // Ends the sessions: the server refuses tokens issued before this instant.
  await auth.revokeRefreshTokens(user.uid);
  return { kind: 'changed', uid: user.uid, role };
}
