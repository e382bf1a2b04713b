// A staff action queued (DESIGN 4): its outbox entry, checked against the record as the person
// sees it (the server's row with the changes queued before), written in ONE transaction. The row
// itself is not written: the view lays the entry over it (overlay.ts), at once.
import type { ActionCall } from '../../shared/actions/registry';
import { actionDef } from '../../shared/actions/registry';
import type { CollectionName } from '../../shared/collections';
import { isOnline } from './connectivity';
import { db } from './db';
import { OUTBOX_SCHEMA_VERSION, type EntryOwner, type OutboxEntry } from './outbox-entry';
import { overlay } from './overlay';
import { ProblemError } from './problem';
import { entriesOfRecord } from './shown';
import { assertGeneration, currentGeneration } from './session';
import { admittedPerson } from './session-state';
import { serverRow } from './view-store';

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
class NotSignedInError extends ProblemError {
  constructor() {
    super({ code: 'signInToChange' });
    this.name = 'NotSignedInError';
  }
}

/** Thrown (nothing queued) when the record as it stands does not allow the change, in the server's words. */
export class ChangeNotAllowedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChangeNotAllowedError';
  }
}

/** Thrown (nothing queued) when the call itself is not valid (a reply too long): the server would answer 400. */
export class ChangeNotValidError extends Error {
  constructor(message: string) {
    super(message.charAt(0).toUpperCase() + message.slice(1));
    this.name = 'ChangeNotValidError';
  }
}

/** Changes being written to the outbox in this page (their transactions not yet committed). */
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

/**
 * Queues `call`. `shown` is the record as the screen showed it, used when the cache does not
 * hold it (the action is then checked against what the person saw).
 */
export function enqueueAction(call: ActionCall, shown?: object): Promise<OutboxEntry> {
  return guardWhileWriting(() => writeEntry(call, shown));
}

/** A new pending entry of `call` by `owner`, on `record` (or none). */
function newEntry(call: ActionCall, owner: EntryOwner, label: string, record: { collection: CollectionName; key: number } | null): OutboxEntry {
  const now = Date.now();
  return {
    id: newIdempotencyKey(),
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    owner,
    action: call.action,
    args: call.args,
    collection: record?.collection ?? null,
    recordKey: record?.key ?? null,
    label,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
    lastError: null,
    lastStatus: null,
    ...(isOnline() ? {} : { offline: true }),
  };
}

async function writeEntry(call: ActionCall, shown: object | undefined): Promise<OutboxEntry> {
  const def = actionDef(call.action);
  const machine = def?.record;
  if (!def || !(machine || def.queued)) throw new Error(`${call.action} cannot be queued`);
  const invalid = def.invalid?.(call.args);
  if (invalid) throw new ChangeNotValidError(invalid);
  const generation = currentGeneration();
  const owner = admittedPerson();
  if (!owner) throw new NotSignedInError();
  if (!machine) {
    return db.transaction('rw', db.outbox, async () => {
      assertGeneration(generation);
      const entry = newEntry(call, owner, def.label(call.args, undefined), null);
      entry.seq = await db.outbox.add(entry);
      return entry;
    });
  }
  const key = machine.key(call.args);
  const row = (await serverRow(machine.collection, key)) ?? shown;
  return db.transaction('rw', db.outbox, async () => {
    assertGeneration(generation);
    if (!row) throw new Error(`The ${machine.collection} record ${key} is not on this device.`);
    const before = overlay(row, await entriesOfRecord(machine.collection, key));
    const step = machine.check(before, call.args);
    if (step.kind === 'forbidden') throw new ChangeNotAllowedError(step.message);
    const entry = newEntry(call, owner, def.label(call.args, before), { collection: machine.collection, key });
    entry.seq = await db.outbox.add(entry);
    return entry;
  });
}
