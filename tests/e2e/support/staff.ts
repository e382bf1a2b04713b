// Staff accounts made for one test through the Auth emulator (as the API test support does): a
// second person on the device, or an account whose access the test takes away. No demo account
// is added to the product for this.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestUser, testAdminAuth } from '../../api/support/tokens';
import type { Account } from './accounts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface StaffAccount extends Account {
  uid: string;
  /** The staff name (issue 19), when given one. */
  name?: string;
}

/** A new emulator account with the admin role, and a staff name as `npm run admin -- grant --name` gives. */
export async function createStaff(options: { name?: string } = {}): Promise<StaffAccount> {
  const { uid, email, password } = await createTestUser('admin');
  if (options.name === undefined) return { uid, email, password };
  await testAdminAuth().setCustomUserClaims(uid, { role: 'admin', staff_name: options.name });
  return { uid, email, password, name: options.name };
}

export async function disableAccount(uid: string): Promise<void> {
  await testAdminAuth().updateUser(uid, { disabled: true });
}

/** Takes the admin role away (the custom claim) and nothing else: the account's sessions stay valid. */
export async function takeRole(uid: string): Promise<void> {
  await testAdminAuth().setCustomUserClaims(uid, {});
}

/** Ends the account's sessions everywhere (what an expired or revoked session looks like). */
export async function endSessions(uid: string): Promise<void> {
  await testAdminAuth().revokeRefreshTokens(uid);
}

/** `npm run admin -- revoke EMAIL`, the server's own command, against the suite's emulator. */
export function revokeWithCli(email: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'revoke', email], {
      cwd: REPO_ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`admin revoke exited ${code}: ${output}`))));
  });
}
