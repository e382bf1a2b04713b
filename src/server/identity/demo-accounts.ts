// The demo sign-in accounts of emulator mode (DESIGN.md section 2), and a Firebase account for
// every demo patient (uid `patient-<user_id>`) so a password reset finds them. Checked on every
// emulator start: missing accounts are created in one batch, existing ones left as they are.
import type { Sql } from '../db/client';
import { lookupUids, createAccounts, type EmulatorAccount } from './emulator-accounts';

export const DEMO_ADMIN = {
  uid: 'demo-admin',
  email: 'admin@pharmacy.test',
  password: 'admin-demo-password',
  displayName: 'Demo Pharmacist',
};
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
      customAttributes: JSON.stringify({ role: 'admin' }),
    },
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
