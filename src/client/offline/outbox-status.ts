// What the outbox processor shares between its parts: the queue-wide status the UI reads, and
// the bookkeeping of one drain round.
import type { CollectionName } from '../../shared/collections';
import { observable } from './observable';

export interface OutboxStatus {
  /** This context is sending right now. */
  draining: boolean;
  /** The whole queue waits until then (no network, server overloaded). */
  pausedUntil: number | null;
}

export const outboxStatus = observable<OutboxStatus>({ draining: false, pausedUntil: null });

/** One pass over the queue while holding the outbox lock. */
export interface Round {
  generation: number;
  stop: boolean;
  abort: AbortController;
  sent: number;
  rejected: number;
  collections: Set<CollectionName>;
}

export type SendResult = 'sent' | 'rejected' | 'retry' | 'stop' | 'skipped';
