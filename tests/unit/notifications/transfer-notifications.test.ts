import { describe, expect, it } from 'vitest';
import { latestTransferId, mergeNotifications, newTransfers } from '../../../src/client/features/notifications/transfer-notifications';
import { sampleTransfer } from '../offline/test-device';

describe('transfer notifications', () => {
  const rows = [sampleTransfer(3), sampleTransfer(7, 'completed'), sampleTransfer(5, 'flagged')];

  it('lists transfers above what was seen, newest first, with the name and time', () => {
    expect(newTransfers(rows, 4)).toEqual([
      { transferId: 7, name: 'First7 Last7', createdAt: rows[1]!.created_at },
      { transferId: 5, name: 'First5 Last5', createdAt: rows[2]!.created_at },
    ]);
    expect(newTransfers(rows, latestTransferId(rows))).toEqual([]);
    expect(latestTransferId([])).toBe(0);
  });

  it('orders by when the request was made, then by number', () => {
    const older = { ...sampleTransfer(12), created_at: '2026-10-01T09:00:00.000Z' };
    const newer = { ...sampleTransfer(11), created_at: '2026-11-20T09:00:00.000Z' };
    expect(newTransfers([older, newer, sampleTransfer(10)], 0).map((item) => item.transferId)).toEqual([11, 10, 12]);
  });

  it('an open dropdown keeps what it showed and adds what arrived, once each', () => {
    const shown = newTransfers(rows, 4);
    const arrived = newTransfers([...rows, sampleTransfer(9)], 5);
    expect(mergeNotifications(shown, arrived).map((item) => item.transferId)).toEqual([9, 7, 5]);
  });
});
