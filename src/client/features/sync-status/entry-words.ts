// How a queued change reads to people: which record (no more patient data than needed), when
// it was queued, whose it is, and where it stands.
import { dateTimeFormat } from '../../../shared/time';
import { isSameDay } from '../../lib/dates';
import { RECORD_NAMES } from '../../lib/record-names';
import { keyRetentionDays } from '../../offline/key-retention';
import type { EntryOwner, EntryStanding, OutboxEntry } from '../../offline/outbox-entry';

export function recordWords(entry: Pick<OutboxEntry, 'collection' | 'recordKey'>): string {
  return entry.collection ? `${RECORD_NAMES[entry.collection]} #${entry.recordKey}` : 'Access log';
}

export function ownerWords(owner: EntryOwner | null): string {
  return owner?.email ?? 'a colleague';
}

export function changesWords(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/** The verb that goes with `changesWords(count)`. */
export function haveWords(count: number): string {
  return count === 1 ? 'has' : 'have';
}

export function stateWords(entry: OutboxEntry, standing: EntryStanding, waitingForSignIn = false): string {
  switch (standing) {
    case 'sending':
      return 'Sending…';
    case 'sent':
      return 'Sent';
    case 'conflict':
      return `Conflict: ${entry.lastError ?? 'the record changed on the server.'}`;
    case 'failed':
      return `Not sent: ${entry.lastError ?? 'the server refused this change.'}`;
    case 'someone-else':
      return `Made by ${ownerWords(entry.owner)}: it is sent when they sign in on this device.`;
    case 'unowned':
      return 'Saved before this app recorded who made each change: it is sent only if someone says it is theirs.';
    case 'too-old':
      return `Too old to send safely (the server remembers a change for ${keyRetentionDays()} days): redo it or discard it.`;
    case 'newer-version':
      return 'Saved by a newer version of this app: it waits for that version.';
    case 'sendable':
      if (waitingForSignIn) return 'Waiting to send (sign in again)';
      return entry.attempts > 0 ? 'Waiting to send (will try again)' : 'Waiting to send';
  }
}

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** 'Today at 9:05 AM', or the device's locale date and the time, on the device's clock. */
export function queuedWords(createdAt: number, now = new Date()): string {
  const date = new Date(createdAt);
  const time = dateTimeFormat(undefined, TIME_OF_DAY).format(date);
  return isSameDay(date, now) ? `Today at ${time}` : `${dateTimeFormat(undefined, {}).format(date)} at ${time}`;
}
