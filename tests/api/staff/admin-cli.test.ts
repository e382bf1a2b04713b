// `npm run admin` (issue 19) against the suite's Auth emulator: what its commands do to an account
// (grant gives the role with a name, and every admin has one: without --name only an account that
// already holds a name is granted; name renames; revoke keeps the name for a later grant), in
// this process; then the command itself as an operator runs it, a few times at once (each run
// costs a Node start): its words, its exit codes, and mistakes changing nothing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { grantAdmin, renameStaff, revokeAdmin } from '../../../src/server/auth/admin-role';
import { createTestUser, testAdminAuth } from '../support/tokens';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
      cwd: REPO_ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function claimsOf(uid: string): Promise<Record<string, unknown>> {
  return (await testAdminAuth().getUser(uid)).customClaims ?? {};
}

describe('what the commands do to an account', () => {
  it('grant with a name gives both; name and a grant with another name rename; revoke keeps the name', async () => {
    const auth = testAdminAuth();
    const user = await createTestUser(null);
    expect(await grantAdmin(auth, user.email)).toEqual({ kind: 'needs-name', uid: user.uid });
    expect(await claimsOf(user.uid)).toEqual({});
    expect(await grantAdmin(auth, user.email, 'Priya Shah')).toEqual({
      kind: 'granted', uid: user.uid, wasAdmin: false, name: 'Priya Shah', previousName: null,
    });
    expect(await claimsOf(user.uid)).toEqual({ role: 'admin', staff_name: 'Priya Shah' });
    expect(await renameStaff(auth, user.email, 'Priya Shah-Patel')).toEqual({
      kind: 'renamed', uid: user.uid, name: 'Priya Shah-Patel', previousName: 'Priya Shah',
    });
    expect(await grantAdmin(auth, user.email, 'P. Shah')).toMatchObject({ wasAdmin: true, name: 'P. Shah', previousName: 'Priya Shah-Patel' });
    expect(await claimsOf(user.uid)).toEqual({ role: 'admin', staff_name: 'P. Shah' });

    expect(await revokeAdmin(auth, user.email)).toEqual({ kind: 'changed', uid: user.uid, role: 'none' });
    expect(await claimsOf(user.uid)).toEqual({ staff_name: 'P. Shah' });
    expect(await renameStaff(auth, user.email, 'Nobody')).toEqual({ kind: 'not-admin', uid: user.uid, role: 'none' });
    // Granted again without a name: the name it kept.
    expect(await grantAdmin(auth, user.email)).toMatchObject({ kind: 'granted', wasAdmin: false, name: 'P. Shah' });
    expect(await claimsOf(user.uid)).toEqual({ role: 'admin', staff_name: 'P. Shah' });
    expect(await grantAdmin(auth, 'nobody-here@tests.pharmacy.test', 'X')).toEqual({ kind: 'unknown-email' });
  });

  it('a patient made staff keeps their patient role under the name, and gets it back on revoke', async () => {
    const auth = testAdminAuth();
    const patient = await createTestUser('patient');
    await grantAdmin(auth, patient.email, 'Pat Ient');
    expect(await claimsOf(patient.uid)).toEqual({ role: 'admin', patient: true, staff_name: 'Pat Ient' });
    expect(await revokeAdmin(auth, patient.email)).toMatchObject({ kind: 'changed', role: 'patient' });
    expect(await claimsOf(patient.uid)).toEqual({ role: 'patient', staff_name: 'Pat Ient' });
  });
});

describe('npm run admin', () => {
  it('says what it did, and refuses with a sentence and an exit code, changing nothing', async () => {
    const [staff, unnamed, patient] = await Promise.all([createTestUser(null), createTestUser(null), createTestUser('patient')]);
    const [granted, noName, notAdmin, unquoted] = await Promise.all([
      admin('grant', staff.email, '--name', '  Priya   Shah '),
      admin('grant', unnamed.email),
      admin('name', patient.email, 'Pat', 'Ient'),
      admin('grant', unnamed.email, '--name', 'Priya', 'Shah'),
    ]);
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain(`${staff.email} (${staff.uid}) is now an admin, named "Priya Shah" (within 30 s, no new sign-in needed).`);
    expect(await claimsOf(staff.uid)).toEqual({ role: 'admin', staff_name: 'Priya Shah' });

    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain(`has no staff name yet, and every admin has one: npm run admin -- grant ${unnamed.email} --name "First Last"`);
    expect(notAdmin.code).toBe(5);
    expect(notAdmin.stderr).toContain(`is not an admin (role patient): only admins have staff names. To make it one: npm run admin -- grant ${patient.email} --name "Pat Ient".`);
    expect(unquoted.code).toBe(2);
    expect(unquoted.stderr).toContain('Unexpected "Shah" after the email (a name of several words is quoted: --name "Priya Shah").');
    expect(unquoted.stderr).toContain('usage: npm run admin -- grant EMAIL --name "First Last" | name EMAIL "First Last" | revoke EMAIL');
    expect(await claimsOf(unnamed.uid)).toEqual({});
    expect(await claimsOf(patient.uid)).toEqual({ role: 'patient' });
  });
});
