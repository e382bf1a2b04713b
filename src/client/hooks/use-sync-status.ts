import { useMemo, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { COLLECTION_NAMES } from '../../shared/collections';
import { problemWords } from '../lib/problem-words';
import { problemMessages } from '../lib/problem.messages';
import { authGate, type AuthGate } from '../offline/session';
import { syncStatus, type SyncStatusMap } from '../offline/sync-engine';

export interface SyncStatusView {
  collections: SyncStatusMap;
  /** Some list is being refreshed. */
  syncing: boolean;
  /** When every list was last fully refreshed (the oldest of them), null if one never was. */
  lastSyncedAt: number | null;
  /** The first list error, in words. */
  error: string | null;
  /** 'refused' or 'signed-out': nothing is sent or refreshed until someone signs in again. */
  auth: AuthGate;
}

export function useSyncStatus(): SyncStatusView {
  const collections = useSyncExternalStore(syncStatus.subscribe, syncStatus.get);
  const auth = useSyncExternalStore(authGate.subscribe, authGate.get);
  const problems = useStore(problemMessages);
  return useMemo(() => {
    const all = COLLECTION_NAMES.map((name) => collections[name]);
    const times = all.map((s) => s.lastSyncedAt);
    const failed = all.find((s) => s.error);
    return {
      collections,
      syncing: all.some((s) => s.syncing),
      lastSyncedAt: times.some((t) => t === null) ? null : Math.min(...(times as number[])),
      error: failed ? problemWords(problems, failed.problem, failed.error) : null,
      auth,
    };
  }, [collections, auth, problems]);
}
