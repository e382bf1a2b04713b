// The shape of one queued change. Entries outlive app versions (a tablet may sit offline over an
// update), so each carries the schema version it was written with.
import type { CollectionName } from '../../shared/collections';

/** Bump when the entry shape changes, and teach `migrateEntry` the step from the one before. */
export const OUTBOX_SCHEMA_VERSION = 2;

export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed';

/** What the entry does, so results can be read and labels shown without parsing paths. */
export type OutboxKind =
  | 'transfer-action'
  | 'status-change'
  | 'notify'
  | 'appointment-cancel'
  | 'inquiry-resolve'
  | 'inquiry-unresolve'
  | 'inquiry-reply';

/** The person who queued a change: only their own token may send it (keys are per caller). */
export interface EntryOwner {
  uid: string;
  /** For the words people read ("2 changes by …"), never for deciding anything. */
  email: string | null;
}

export interface OutboxEntry {
  /** The Idempotency-Key. A retry after a conflict gets a new one. */
  id: string;
  /** Global send order (auto-increment). Kept across a retry. */
  seq?: number;
  schemaVersion: number;
  /** null: queued by version 1, which did not record who made it. */
  owner: EntryOwner | null;
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
  /** `response`: the server's whole answer when this device heard it (a reply's `emailed`…). */
  | { ok: true; record: unknown; response?: unknown }
  | { ok: false; status: number; message: string };

/** Entries written by a newer app version wait (untouched) until that version runs again. */
function isSupportedEntry(entry: OutboxEntry): boolean {
  return entry.schemaVersion <= OUTBOX_SCHEMA_VERSION;
}

/**
 * An entry as an older version wrote it, in today's shape. Version 1 recorded no owner: its
 * entries get none, so they are sent only after a person says they are theirs.
 */
export function migrateEntry(stored: Omit<OutboxEntry, 'owner'> & { owner?: EntryOwner | null }): OutboxEntry {
  if (stored.schemaVersion >= OUTBOX_SCHEMA_VERSION) return stored as OutboxEntry;
  return { ...stored, owner: stored.owner ?? null, schemaVersion: OUTBOX_SCHEMA_VERSION };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day short of the server's retention: its purge and this device's clock need not agree. */
const KEY_AGE_MARGIN_MS = DAY_MS;

/**
 * The server forgets an Idempotency-Key after `keyDays` days; an entry older than that may have
 * been applied already (its answer lost), and a replay would apply it again.
 */
function isTooOldToSend(entry: Pick<OutboxEntry, 'createdAt'>, now: number, keyDays: number): boolean {
  return now - entry.createdAt > keyDays * DAY_MS - KEY_AGE_MARGIN_MS;
}

/** Where an entry stands for the person signed in now (`uid`), in the queue's terms. */
export type EntryStanding =
  | 'sendable'
  | 'sending'
  | 'conflict'
  | 'failed'
  /** Queued by someone else: waits for their sign-in. */
  | 'someone-else'
  /** Queued before entries recorded their owner: waits for a person to claim or discard it. */
  | 'unowned'
  /** Older than the server's key retention: a person redoes or discards it. */
  | 'too-old'
  /** Written by a newer version of the app. */
  | 'newer-version';

export function entryStanding(entry: OutboxEntry, uid: string | null, now: number, keyDays: number): EntryStanding {
  if (!isSupportedEntry(entry)) return 'newer-version';
  if (entry.state !== 'pending') return entry.state === 'sending' ? 'sending' : entry.state;
  if (!entry.owner) return 'unowned';
  if (entry.owner.uid !== uid) return 'someone-else';
  if (isTooOldToSend(entry, now, keyDays)) return 'too-old';
  return 'sendable';
}
