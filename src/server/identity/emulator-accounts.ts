// The Auth emulator's account REST calls, as its owner. Emulator only: unlike firebase-admin's
// importUsers it takes plain passwords (`rawPassword`), which a demo account needs.
import { EMULATOR_PROJECT_ID } from '../config';
import { emulatorOrigin } from './firebase-admin';

export interface EmulatorAccount {
  localId: string;
  email?: string;
  rawPassword?: string;
  displayName?: string;
  emailVerified?: boolean;
  disabled?: boolean;
  /** JSON text of the custom claims. */
  customAttributes?: string;
}

const BATCH = 500;

async function call<T>(host: string, method: string, body: unknown): Promise<T> {
  const url = `${emulatorOrigin(host)}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/${method}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Auth emulator ${method}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Which of these uids have an account. */
export async function lookupUids(host: string, uids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < uids.length; i += BATCH) {
    const answer = await call<{ users?: { localId: string }[] }>(host, 'accounts:lookup', {
      localId: uids.slice(i, i + BATCH),
    });
    for (const user of answer.users ?? []) found.add(user.localId);
  }
  return found;
}

/** Creates the accounts; returns one message per account that could not be created. */
export async function createAccounts(host: string, accounts: EmulatorAccount[]): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < accounts.length; i += BATCH) {
    const batch = accounts.slice(i, i + BATCH);
    const answer = await call<{ error?: { index: number; message: string }[] }>(
      host,
      'accounts:batchCreate',
      { users: batch },
    );
    for (const e of answer.error ?? []) problems.push(`${batch[e.index]?.localId}: ${e.message}`);
  }
  return problems;
}
