// The shape of one queued change. Entries outlive app versions (a tablet may sit offline over an
// update), so each carries the schema version it was written with.
import type { CollectionName } from '../../shared/collections';

/** Bump when the entry shape changes; `migrateEntry` in outbox-schema.ts upgrades older ones. */
export const OUTBOX_SCHEMA_VERSION = 1;

export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed';

/** What the entry does, so results can be read and labels shown without parsing paths. */
export type OutboxKind = 'transfer-action' | 'status-change' | 'notify';

export interface OutboxEntry {
  /** The Idempotency-Key. A retry after a conflict gets a new one. */
  id: string;
  /** Global send order (auto-increment). Kept across a retry. */
  seq?: number;
  schemaVersion: number;
  kind: OutboxKind;
  method: 'PUT' | 'POST' | 'DELETE';
  /** Relative to the API base. */
  path: string;
  body?: unknown;
  collection: CollectionName;
  recordKey: number;
  /** The optimistic change, applied over the server version while the entry is unsent. */
  patch: Record<string, unknown>;
  /** Human words: 'Mark as Complete', 'Flag', 'Notify patient'… */
  label: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: OutboxState;
  /** Words for people. */
  lastError: string | null;
  lastStatus: number | null;
}

/** Entries whose change still counts in the view (the server may yet apply it). */
export function isInFlight(entry: OutboxEntry): boolean {
  return entry.state === 'pending' || entry.state === 'sending';
}

export type OutboxResult =
  | { ok: true; record: unknown }
  | { ok: false; status: number; message: string };

/** Entries written by a newer app version wait (untouched) until that version runs again. */
export function isSupportedEntry(entry: OutboxEntry): boolean {
  return entry.schemaVersion <= OUTBOX_SCHEMA_VERSION;
}
