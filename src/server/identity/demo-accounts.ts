// The demo sign-in accounts of emulator mode (DESIGN.md section 2), the named demo staff, and a Firebase account for
// every demo patient (uid `patient-<user_id>`) so a password reset finds them. Checked on every
// emulator start: missing accounts are created in one batch, existing ones left as they are.
import { STAFF_NAME_CLAIM } from '../auth/staff-name';
import type { Sql } from '../db/client';
import { lookupUids, createAccounts, type EmulatorAccount } from './emulator-accounts';

export const DEMO_ADMIN = {
  uid: 'demo-admin',
  email: 'admin@pharmacy.test',
  password: 'admin-demo-password',
  displayName: 'Demo Pharmacist',
};

/**
 * Named staff (issue 19), each an admin with a staff name and a password (README), as
 * `npm run admin -- grant EMAIL --name NAME` would make them: several people on one tablet,
 * and the access log saying who did what.
 */
export const DEMO_STAFF = [
  { uid: 'demo-priya-shah', email: 'priya.shah@pharmacy.test', password: 'priya-demo-password', name: 'Priya Shah' },
  { uid: 'demo-marc-tremblay', email: 'marc.tremblay@pharmacy.test', password: 'marc-demo-password', name: 'Marc Tremblay' },
  { uid: 'demo-aisha-okafor', email: 'aisha.okafor@pharmacy.test', password: 'aisha-demo-password', name: 'Aisha Okafor' },
] as const;
export const DEMO_PATIENT = { email: 'patient@pharmacy.test', password: 'patient-demo-password' };

export function patientUid(userId: number): string {
  return `patient-${userId}`;
}

interface PatientRow {
  firebase_uid: string;
  email: string | null;
  first_name: string;
  last_name: string;
  status: string;
}

export async function ensureDemoAccounts(
  db: Sql,
  emulatorHost: string,
): Promise<{ created: number; existing: number; problems: string[] }> {
  const patients = await db.query<PatientRow>(
    `SELECT firebase_uid, email, first_name, last_name, status FROM users
     WHERE firebase_uid LIKE 'patient-%' ORDER BY user_id`,
  );
  const wanted: EmulatorAccount[] = [
    {
      localId: DEMO_ADMIN.uid,
      email: DEMO_ADMIN.email,
      rawPassword: DEMO_ADMIN.password,
      displayName: DEMO_ADMIN.displayName,
      emailVerified: true,
      customAttributes: JSON.stringify({ role: 'admin', [STAFF_NAME_CLAIM]: DEMO_ADMIN.displayName }),
    },
    ...DEMO_STAFF.map((staff) => ({
      localId: staff.uid,
      email: staff.email,
      rawPassword: staff.password,
      displayName: staff.name,
      emailVerified: true,
      customAttributes: JSON.stringify({ role: 'admin', [STAFF_NAME_CLAIM]: staff.name }),
    })),
    ...patients.map((p) => ({
      localId: p.firebase_uid,
      email: p.email ?? undefined,
      rawPassword: p.email === DEMO_PATIENT.email ? DEMO_PATIENT.password : undefined,
      displayName: `${p.first_name} ${p.last_name}`,
      emailVerified: p.email !== null,
      disabled: p.status === 'inactive',
      customAttributes: JSON.stringify({ role: 'patient' }),
    })),
  ];
  const existing = await lookupUids(
    emulatorHost,
    wanted.map((a) => a.localId),
  );
  const missing = wanted.filter((a) => !existing.has(a.localId));
  const problems = await createAccounts(emulatorHost, missing);
  return { created: missing.length - problems.length, existing: existing.size, problems };
}
