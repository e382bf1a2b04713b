import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../offline/db';
import type { OutboxEntry } from '../offline/outbox-entry';

const NONE: OutboxEntry[] = [];

/** Every queued change on this device, in send order, live across tabs. */
export function useOutbox(): OutboxEntry[] {
  return useLiveQuery(() => db.outbox.orderBy('seq').toArray(), [], NONE);
}
