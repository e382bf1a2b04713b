// A record's History lines (issue 19, section 5): the device's unsent changes for that record on
// top, newest first, marked as not sent, with their time and their owner's name; then the log's
// entries in the server's order; then the creation. Other records' and sent changes stay out.
import { describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../../../src/shared/access-log';
import { historyItems, unsentFor, type HistoryWords } from '../../../src/client/components/record-history/history-items';
import type { OutboxEntry, OutboxState } from '../../../src/client/offline/outbox-entry';

const words: HistoryWords = {
  logged: (entry) => `${entry.action}:${entry.entry_id}`,
  pending: (entry) => entry.label,
  created: 'Created',
};

function logged(entry_id: number, occurred_at: string, actor_name: string | null, offline = false): AccessLogEntry {
  return {
    entry_id,
    actor_uid: `uid-${actor_name}`,
    actor_name,
    device_id: null,
    action: 'status',
    collection: 'transfers',
    record_id: 7,
    patient_user_id: null,
    patient_name: null,
    detail: null,
    occurred_at,
    received_at: occurred_at,
    offline,
  };
}

let seq = 0;
function queued(label: string, createdAt: number, state: OutboxState = 'pending', where: { collection?: 'transfers' | 'inquiries'; recordKey?: number } = {}): OutboxEntry {
  seq += 1;
  return {
    id: `k-${seq}`,
    seq,
    schemaVersion: 3,
    owner: { uid: 'me', email: 'me@pharmacy.test', name: 'Priya Shah' },
    action: 'transfer-status',
    args: { params: {}, body: undefined },
    collection: where.collection ?? 'transfers',
    recordKey: where.recordKey ?? 7,
    offline: true,
    label,
    createdAt,
    attempts: 0,
    nextAttemptAt: createdAt,
    state,
    lastError: null,
    lastStatus: null,
  };
}

const at = (iso: string) => Date.parse(iso);

describe('unsentFor', () => {
  it("keeps this record's unsent changes only (refused ones too), not what the server took nor other records'", () => {
    const mine = queued('Flag', at('2026-11-27T10:00:00Z'));
    const refused = queued('Mark as Complete', at('2026-11-27T10:01:00Z'), 'conflict');
    const all = [
      mine,
      refused,
      queued('Unflag', at('2026-11-27T10:02:00Z'), 'sent'),
      queued('Flag', at('2026-11-27T10:03:00Z'), 'pending', { recordKey: 8 }),
      queued('Send Reply', at('2026-11-27T10:04:00Z'), 'pending', { collection: 'inquiries' }),
    ];
    expect(unsentFor(all, 'transfers', 7)).toEqual([mine, refused]);
  });
});

describe('historyItems', () => {
  it('puts the unsent changes first, newest first, then the log as ordered, then the creation', () => {
    const first = queued('Flag', at('2026-11-27T10:00:00Z'));
    const second = queued('Mark as Complete', at('2026-11-27T10:05:00Z'));
    const log = [logged(12, '2026-11-27T09:00:00.000Z', 'Sam Lee'), logged(9, '2026-11-27T08:00:00.000Z', null, true)];
    const items = historyItems(log, [first, second], words, '2026-11-26T12:00:00.000Z');
    expect(items.map((item) => [item.kind, item.what, item.who, item.at, item.offline])).toEqual([
      ['pending', 'Mark as Complete', 'Priya Shah', '2026-11-27T10:05:00.000Z', true],
      ['pending', 'Flag', 'Priya Shah', '2026-11-27T10:00:00.000Z', true],
      ['logged', 'status:12', 'Sam Lee', '2026-11-27T09:00:00.000Z', false],
      ['logged', 'status:9', null, '2026-11-27T08:00:00.000Z', true],
      ['created', 'Created', null, '2026-11-26T12:00:00.000Z', false],
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it("names an unsent change's owner by email when the account has no name, and orders equal times by queue order", () => {
    const time = at('2026-11-27T10:00:00Z');
    const a = { ...queued('Flag', time), owner: { uid: 'me', email: 'me@pharmacy.test', name: null } };
    const b = queued('Unflag', time);
    expect(historyItems([], [a, b], words).map((item) => [item.what, item.who])).toEqual([
      ['Unflag', 'Priya Shah'],
      ['Flag', 'me@pharmacy.test'],
    ]);
  });

  it('is empty for a record with no changes and no creation time', () => {
    expect(historyItems([], [], words)).toEqual([]);
  });
});
