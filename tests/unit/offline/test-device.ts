// Resets the device between offline tests: an empty database and an open queue.
import { db } from '../../../src/client/offline/db';
import { isUnsent } from '../../../src/client/offline/outbox-entry';
import { outboxStatus } from '../../../src/client/offline/outbox-status';
import { authGate, setTokenSource, type SessionToken } from '../../../src/client/offline/session';
import { sessionState } from '../../../src/client/offline/session-state';
import { syncStatus } from '../../../src/client/offline/sync-engine';
import type { Transfer } from '../../../src/shared/entities';
import { shownRecord } from '../../support/cached-list';

/** The person admitted in these tests' page (the owner of what they queue). */
export const STAFF = { uid: 'uid-1', email: 'staff@pharmacy.test' } as const;

/** A token source that answers `token` for `uid` (null: nobody signed in). */
export function tokenOf(token: string | null, uid: string = STAFF.uid): () => Promise<SessionToken | null> {
  return async () => (token ? { uid, token } : null);
}

export async function resetDevice(token: string | null = 'token-1'): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  authGate.set('open');
  outboxStatus.set({ draining: false, pausedUntil: null });
  syncStatus.set((all) =>
    Object.fromEntries(Object.keys(all).map((name) => [name, { syncing: false, lastSyncedAt: null, error: null }])) as typeof all,
  );
  sessionState.set({ status: 'verified', person: STAFF });
  setTokenSource(tokenOf(token));
}

export function sampleTransfer(id: number, status: Transfer['status'] = 'active'): Transfer {
  return {
    transfer_id: id,
    user_id: null,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    phone_number: '555-0100',
    email: `p${id}@example.test`,
    date_of_birth: '1980-01-02',
    created_at: '2026-11-01T10:00:00.000Z',
    postal_code: 'M5V 1A1',
    pharmacy_name: 'Old Pharmacy',
    pharmacy_number: '555-0199',
    status,
  };
}

/** Changes the server has not taken yet (sent ones wait in the outbox only for a sync). */
export function unsentCount(): Promise<number> {
  return db.outbox.filter(isUnsent).count();
}

/** A transfer as a person sees it on this device (the server's row and this device's changes). */
export function shownTransfer(id: number): Promise<Transfer | undefined> {
  return shownRecord('transfers', id);
}
