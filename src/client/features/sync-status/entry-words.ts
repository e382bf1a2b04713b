// How a queued change reads to people: which record (no more patient data than needed), when
// it was queued, and where it stands.
import type { CollectionName } from '../../../shared/collections';
import type { OutboxEntry } from '../../offline/outbox-entry';

const RECORD_NAMES: Record<CollectionName, string> = {
  transfers: 'Transfer',
  refills: 'Refill request',
  autofill: 'Autofill enrolment',
  reminders: 'Refill reminder',
  newPrescriptions: 'New prescription',
};

export function recordWords(entry: Pick<OutboxEntry, 'collection' | 'recordKey'>): string {
  return `${RECORD_NAMES[entry.collection]} #${entry.recordKey}`;
}

export function stateWords(entry: OutboxEntry, waitingForSignIn = false): string {
  switch (entry.state) {
    case 'sending':
      return 'Sending…';
    case 'conflict':
      return `Conflict: ${entry.lastError ?? 'the record changed on the server.'}`;
    case 'failed':
      return `Not sent: ${entry.lastError ?? 'the server refused this change.'}`;
    case 'pending':
      if (waitingForSignIn) return 'Waiting to send (sign in again)';
      return entry.attempts > 0 ? 'Waiting to send (will try again)' : 'Waiting to send';
  }
}

export function queuedWords(createdAt: number, now = new Date()): string {
  const date = new Date(createdAt);
  const time = date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return date.toDateString() === now.toDateString() ? `Today at ${time}` : `${date.toLocaleDateString()} at ${time}`;
}
