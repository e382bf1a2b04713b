// Resets the device between offline tests: an empty database and an open queue.
import { db } from '../../../src/client/offline/db';
import { outboxStatus } from '../../../src/client/offline/outbox';
import { authGate, setTokenSource } from '../../../src/client/offline/session';
import { syncStatus } from '../../../src/client/offline/sync-engine';
import type { Transfer } from '../../../src/shared/entities';

export async function resetDevice(token: string | null = 'token-1'): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  authGate.set('open');
  outboxStatus.set({ draining: false, pausedUntil: null });
  syncStatus.set((all) =>
    Object.fromEntries(Object.keys(all).map((name) => [name, { syncing: false, lastSyncedAt: null, error: null }])) as typeof all,
  );
  setTokenSource(async () => token);
}

export function sampleTransfer(id: number, status: Transfer['status'] = 'active'): Transfer {
  return {
    transfer_id: id,
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
