// How the contexts of one device (tabs and the service worker) hear about the outbox: results
// of sent entries, "data was wiped", and "the queue changed, drain it". The drainer may be
// another tab or the service worker, so results go over a BroadcastChannel and are echoed to
// listeners of this context (a channel never delivers to its own sender).
import type { OutboxResult } from './outbox-entry';

export type OutboxMessage =
  | { type: 'result'; entryId: string; result: OutboxResult }
  | { type: 'wiped' }
  | { type: 'drained'; collections: string[] };

export const OUTBOX_CHANNEL = 'pharmacy-outbox';

/** `local`: posted by this very context (a channel never echoes; this module does). */
type Listener = (message: OutboxMessage, local: boolean) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function ensureChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (event: MessageEvent<OutboxMessage>) => deliver(event.data, false);
  // Node keeps the process alive while a channel is open; browsers ignore unref.
  (channel as unknown as { unref?: () => void }).unref?.();
  return channel;
}

function deliver(message: OutboxMessage, local: boolean): void {
  listeners.forEach((listener) => listener(message, local));
}

export function postOutboxMessage(message: OutboxMessage): void {
  ensureChannel()?.postMessage(message);
  deliver(message, true);
}

export function onOutboxMessage(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
