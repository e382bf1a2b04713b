import { useCallback } from 'react';
import { useAdmittedPerson } from './use-session';
import { keyRetentionDays } from '../offline/key-retention';
import { entryStanding, type EntryStanding, type OutboxEntry } from '../offline/outbox-entry';

/** Where each queued change stands for the person signed in now (theirs, someone else's, too old…). */
export function useEntryStanding(): (entry: OutboxEntry) => EntryStanding {
  const uid = useAdmittedPerson()?.uid ?? null;
  return useCallback((entry) => entryStanding(entry, uid, Date.now(), keyRetentionDays()), [uid]);
}

/** Standings a person must act on (the queue will not send these by itself). */
export function needsAttention(standing: EntryStanding): boolean {
  return standing === 'conflict' || standing === 'failed' || standing === 'too-old';
}
