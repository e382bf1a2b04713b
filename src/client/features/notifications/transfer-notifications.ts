// The notifications dropdown's rule (issue 8): a transfer request is new to this device when its
// number is above the highest one the person has already looked at here. A device that has never
// looked starts from the transfers it first syncs, so an old backlog is not "new".
import type { Transfer } from '../../../shared/entities';

export interface TransferNotification {
  transferId: number;
  name: string;
  createdAt: string;
}

export function latestTransferId(rows: readonly Pick<Transfer, 'transfer_id'>[]): number {
  return rows.reduce((max, row) => Math.max(max, row.transfer_id), 0);
}

/** Newest first: by the time the request was made, then by number. */
function newestFirst(a: TransferNotification, b: TransferNotification): number {
  return b.createdAt.localeCompare(a.createdAt) || b.transferId - a.transferId;
}

/** Transfers above `seenUpTo`, newest first. */
export function newTransfers(rows: readonly Transfer[], seenUpTo: number): TransferNotification[] {
  return rows
    .filter((row) => row.transfer_id > seenUpTo)
    .map((row) => ({
      transferId: row.transfer_id,
      name: [row.first_name, row.last_name].filter(Boolean).join(' '),
      createdAt: row.created_at,
    }))
    .sort(newestFirst);
}

/** What an open dropdown lists: those new at opening, plus any that arrived since (no repeats). */
export function mergeNotifications(
  shown: readonly TransferNotification[],
  arrived: readonly TransferNotification[],
): TransferNotification[] {
  const known = new Set(shown.map((item) => item.transferId));
  return [...arrived.filter((item) => !known.has(item.transferId)), ...shown].sort(newestFirst);
}
