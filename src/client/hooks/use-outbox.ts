import { useSyncExternalStore } from 'react';
import { liveQuery, type Subscription } from 'dexie';
import { db } from '../offline/db';
import type { OutboxEntry } from '../offline/outbox-entry';

const NONE: OutboxEntry[] = [];

// One live query for every component that shows the queue (the nav bar's count, the offline
// banner…): a queue of a thousand changes is read once per change, not once per reader.
let entries: OutboxEntry[] = NONE;
let subscription: Subscription | null = null;
let warned = false;
const listeners = new Set<() => void>();

function start(): void {
  subscription = liveQuery(() => db.outbox.orderBy('seq').toArray()).subscribe({
    next: (next) => {
      warned = false;
      entries = next;
      listeners.forEach((notify) => notify());
    },
    // The database closed (a wipe) or failed, which ends a live query: nothing is shown as
    // queued that cannot be read, and it is asked again in a moment while anyone shows it.
    error: (error: unknown) => {
      if (!warned) console.warn('Reading the unsent changes failed', error);
      warned = true;
      subscription = null;
      entries = NONE;
      listeners.forEach((notify) => notify());
      setTimeout(() => {
        if (listeners.size > 0 && !subscription) start();
      }, 1000);
    },
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!subscription) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    subscription?.unsubscribe();
    subscription = null;
    entries = NONE;
  };
}

/** Every queued change on this device, in send order, live across tabs. */
export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}
