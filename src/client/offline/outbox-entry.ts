// The shape of one queued change. Entries outlive app versions (a tablet may sit offline over an
// update), so each carries the schema version it was written with, and `migrateEntry` brings an
// older one to today's shape as it is read.
import type { ActionArgs } from '../../shared/actions/define';
import type { ActionName } from '../../shared/actions/registry';
import type { CollectionName } from '../../shared/collections';
import type { Problem } from './problem';

/**
 * Bump when the entry shape changes, and teach `migrateEntry` the step from the one before.
 * 1: no owner. 2: owner. 3: the action's name and arguments instead of a method, path, body and
 * patch (issue 17: one definition per staff action, in src/shared/actions).
 */
export const OUTBOX_SCHEMA_VERSION = 3;

/**
 * pending → sending → sent (answered 2xx), or conflict / failed (refused for good, kept for a
 * person to retry or discard). A sent entry stays, laid over its record with the server's answer,
 * until a sync that began after the answer has brought the record (sync-engine.ts).
 */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'conflict' | 'failed';

/** The person who queued a change: only their own token may send it (keys are per caller). */
export interface EntryOwner {
  uid: string;
  /** For the words people read ("2 changes by …"), never for deciding anything. */
  email: string | null;
  /**
   * Their staff name as the server last said it (GET /role, issue 19), said before the email;
   * absent in entries queued before names existed, null when the account has none.
   */
  name?: string | null;
}

/** The server's answer to an entry, as it bears on the record. */
export interface EntryAnswer {
  /** The record as the server answered it (a 2xx, or a 409's record); null when it sent none. */
  record: Record<string, unknown> | null;
  /** Local time of the answer: a sync asked for after it reflects it. */
  at: number;
}

export interface OutboxEntry {
  /** The Idempotency-Key. A retry after a conflict gets a new one. */
  id: string;
  /** Global send order (auto-increment). Kept across a retry. */
  seq?: number;
  schemaVersion: number;
  /** null: queued by version 1, which did not record who made it. */
  owner: EntryOwner | null;
  /** The staff action (src/shared/actions/registry.ts) and its arguments: path and body come from them. */
  action: ActionName;
  args: ActionArgs;
  /** The record the action changes; null for an entry of the access log (no record, no overlay). */
  collection: CollectionName | null;
  recordKey: number | null;
  /** Queued while the server could not be reached (the access log says "made offline"). */
  offline?: boolean;
  /** Human words ('Mark as Complete', 'Flag', 'Notify patient'…), from the record as it was when queued. */
  label: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: OutboxState;
  /** Words for people (the server's, or the English of `lastProblem`). */
  lastError: string | null;
  /** When the app made `lastError` rather than the server: its code, said in the interface's language. */
  lastProblem?: Problem | null;
  lastStatus: number | null;
  answer?: EntryAnswer;
}

/** Entries whose change still counts as the device's own (the server may yet apply it). */
export function isInFlight(entry: Pick<OutboxEntry, 'state'>): boolean {
  return entry.state === 'pending' || entry.state === 'sending';
}

/** Entries a person still sees as unsent: everything but what the server has taken. */
export function isUnsent(entry: Pick<OutboxEntry, 'state'>): boolean {
  return entry.state !== 'sent';
}

/** A change to a record (not an access-log entry): what "Unsent changes" lists. */
export function isChange(entry: Pick<OutboxEntry, 'collection'>): entry is OutboxEntry & { collection: CollectionName; recordKey: number } {
  return entry.collection !== null;
}

/** A change a person still sees as unsent. */
export function isUnsentChange(entry: OutboxEntry): boolean {
  return isChange(entry) && isUnsent(entry);
}

export type OutboxResult =
  /** `response`: the server's whole answer when this device heard it (a reply's `emailed`…). */
  | { ok: true; record: unknown; response?: unknown }
  /** `problem`: the app's own words, by code (offline/problem.ts); without it `message` is the server's. */
  | { ok: false; status: number; message: string; problem?: Problem };

/** Entries written by a newer app version wait (untouched) until that version runs again. */
function isSupportedEntry(entry: OutboxEntry): boolean {
  return entry.schemaVersion <= OUTBOX_SCHEMA_VERSION;
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
  | 'sent'
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
  if (entry.state !== 'pending') return entry.state;
  if (!entry.owner) return 'unowned';
  if (entry.owner.uid !== uid) return 'someone-else';
  if (isTooOldToSend(entry, now, keyDays)) return 'too-old';
  return 'sendable';
}
