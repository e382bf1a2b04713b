import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCachedRows } from '../../../hooks/use-collection';
import { useAdmittedPerson } from '../../../hooks/use-session';
import { syncStatus } from '../../../offline/sync-engine';
import { readSeen, subscribeSeen, writeSeen } from '../seen-marker';
import { latestTransferId, newTransfers, type TransferNotification } from '../transfer-notifications';

export interface TransferNotifications {
  /** New to this device, newest first; from the synced cache, so it works offline too. */
  items: TransferNotification[];
  /** Everything listed now counts as seen on this device. */
  markSeen: () => void;
}

export function useTransferNotifications(): TransferNotifications {
  const uid = useAdmittedPerson()?.uid ?? null;
  const rows = useCachedRows('transfers');
  const synced = useSyncExternalStore(syncStatus.subscribe, () => syncStatus.get().transfers.lastSyncedAt !== null);
  const seen = useSyncExternalStore(subscribeSeen, () => (uid ? readSeen(uid) : null));

  // A device where this person never looked starts from what its first sync brought, once the
  // list shown holds it: the sync can say it is done a moment before the rows it wrote reach this
  // page (on a loaded CI machine the bell once counted all 36 demo transfers as new). A pharmacy
  // with no transfer at all starts from its first one.
  useEffect(() => {
    if (uid && rows && rows.length > 0 && synced && seen === null) writeSeen(uid, latestTransferId(rows));
  }, [uid, rows, synced, seen]);

  const items = useMemo(() => (rows && seen !== null ? newTransfers(rows, seen) : []), [rows, seen]);
  const markSeen = useCallback(() => {
    if (uid && rows) writeSeen(uid, latestTransferId(rows));
  }, [uid, rows]);
  return { items, markSeen };
}
