// The newest of some kinds of change in a record's History as last read on the device (issue 19:
// who replied first, and when), in the access log's words. Follows the kept History live, so it
// is current as soon as the detail's History has been read again.
import { useStore } from '@nanostores/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { HistoryCollection } from '../../../shared/record-history';
import { accessActionMessages } from '../../features/access-log/access-words.messages';
import { readKeptHistory } from './history-cache';

export interface LastStep {
  /** The change in words ('Replied', 'Marked as resolved'). */
  what: string;
  who: string | null;
  /** When it happened (an ISO instant). */
  at: string;
}

export function useLastStep(list: HistoryCollection, id: number, actions: readonly string[]): LastStep | null {
  const words = useStore(accessActionMessages) as Record<string, string | undefined>;
  const kept = useLiveQuery(() => readKeptHistory(list, id), [list, id]);
  const last = kept?.entries.find((entry) => actions.includes(entry.action));
  return last ? { what: words[last.action] ?? last.action, who: last.actor_name, at: last.occurred_at } : null;
}
