import { useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../offline/outbox-entry';
import { outboxView } from '../offline/outbox-view';

/** Every change on this device the server has not taken, in send order, live across tabs (access-log entries are not changes). */
export function useOutbox(): readonly OutboxEntry[] {
  return useSyncExternalStore(outboxView.subscribe, outboxView.get);
}
