// Optimistic apply (DESIGN 4): the change lands on the cached record and in the outbox in ONE
// transaction, so a crash can never leave one without the other.
import type { CollectionName } from '../../shared/collections';
import { collectionTable, db } from './db';
import { OUTBOX_SCHEMA_VERSION, isInFlight, type OutboxEntry, type OutboxKind } from './outbox-entry';
import { baseOf, buildRow, recordKeyOf, toView } from './cached-row';
import { entriesOfRecord } from './rebase';
import { assertGeneration, currentGeneration, signedInPerson } from './session';

export interface ChangeRequest {
  kind: OutboxKind;
  collection: CollectionName;
  /** The record as the UI showed it; used when the cache does not hold it. */
  record: object;
  method: OutboxEntry['method'];
  path: string;
  /** Built from the current view of the record, inside the transaction. */
  body?: (view: Record<string, unknown>) => unknown;
  patch: Record<string, unknown>;
  /** Human words for the change; may depend on the record's current state. */
  label: string | ((view: Record<string, unknown>) => string);
  /** Throws (nothing is written) when the change makes no sense for the current view. */
  check?: (view: Record<string, unknown>) => void;
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** crypto.randomUUID needs a secure context; the fallback keeps a plain-http LAN test usable. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = randomHex(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Thrown (nothing queued) when nobody is admitted in this page: a change needs an owner. */
class NotSignedInError extends Error {
  constructor() {
    super('Sign in again to make changes.');
    this.name = 'NotSignedInError';
  }
}

/** Changes being written to the cache and the outbox in this page (their transactions not yet committed). */
let writing = 0;

function askBeforeLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

/**
 * A page closed or reloaded while a change is being written would abort its transaction: the tap
 * the person saw answered ('busy') would be lost without a word. For those few milliseconds,
 * leaving asks first (the browser's own "Leave site?"), which lets the write commit.
 */
function guardWhileWriting<T>(write: () => Promise<T>): Promise<T> {
  if (typeof window === 'undefined') return write();
  if (writing === 0) window.addEventListener('beforeunload', askBeforeLeaving);
  writing += 1;
  return write().finally(() => {
    writing -= 1;
    if (writing === 0) window.removeEventListener('beforeunload', askBeforeLeaving);
  });
}

export function enqueueChange(request: ChangeRequest): Promise<OutboxEntry> {
  return guardWhileWriting(() => writeChange(request));
}

async function writeChange(request: ChangeRequest): Promise<OutboxEntry> {
  const generation = currentGeneration();
  const owner = signedInPerson();
  if (!owner) throw new NotSignedInError();
  const table = collectionTable(request.collection);
  const key = recordKeyOf(request.collection, request.record);
  return db.transaction('rw', table, db.outbox, async () => {
    assertGeneration(generation);
    const existing = await table.get(key);
    const view = toView(existing ?? request.record);
    request.check?.(view);
    const now = Date.now();
    const entry: OutboxEntry = {
      id: newIdempotencyKey(),
      schemaVersion: OUTBOX_SCHEMA_VERSION,
      owner,
      kind: request.kind,
      method: request.method,
      path: request.path,
      body: request.body?.(view),
      collection: request.collection,
      recordKey: key,
      patch: request.patch,
      label: typeof request.label === 'function' ? request.label(view) : request.label,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      state: 'pending',
      lastError: null,
      lastStatus: null,
    };
    entry.seq = await db.outbox.add(entry);
    const entries = (await entriesOfRecord(request.collection, key)).filter(isInFlight);
    const base = existing ? baseOf(existing) : view;
    await table.put(buildRow(base, entries, existing?._confirmedAt) as never);
    return entry;
  });
}
