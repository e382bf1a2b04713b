// The access log's pure parts: when a device's word for the time is believed, the hash an entry
// carries, a whole list's rows counted in its JSON text, and a CSV field as RFC 4180 and a
// spreadsheet read it.
import { describe, expect, it } from 'vitest';
import { entryHash, GENESIS_HASH, patientName } from '../../../src/server/repositories/access-log';
import { occurrence } from '../../../src/server/routes/admin/access';
import { csvField } from '../../../src/server/routes/admin/access-log';
import { countRows } from '../../../src/server/routes/admin/lists';
import type { AccessLogEntry } from '../../../src/shared/access-log';

const NOW = Date.parse('2026-11-25T15:00:00.000Z');
const config = { idempotencyKeyDays: 30 };

describe('occurrence', () => {
  it('believes an instant up to five minutes ahead and back to the key retention', () => {
    for (const claimed of ['2026-11-25T15:04:59.000Z', '2026-11-25T14:00:00Z', '2026-10-27T15:00:01.5Z']) {
      expect(occurrence(claimed, config, NOW)).toEqual({ occurred_at: new Date(claimed).toISOString() });
    }
  });

  it('times it on arrival otherwise, keeping the claim', () => {
    for (const claimed of ['2026-11-25T15:05:01.000Z', '2026-10-26T14:59:59.000Z', 'yesterday', '2026-11-25 14:00:00', '2026-02-30T10:00:00Z']) {
      expect(occurrence(claimed, config, NOW)).toEqual({ occurred_at: null, claimed_occurred_at: claimed });
    }
    expect(occurrence(undefined, config, NOW)).toEqual({ occurred_at: null });
    expect(occurrence('x'.repeat(500), config, NOW).claimed_occurred_at).toHaveLength(40);
  });
});

describe('entryHash', () => {
  const entry: AccessLogEntry = {
    entry_id: 7,
    actor_uid: 'uid-1',
    actor_name: 'staff@pharmacy.test',
    device_id: 'tablet-1',
    action: 'view',
    collection: 'transfers',
    record_id: 12,
    patient_user_id: 3,
    patient_name: 'Ada Lovelace',
    detail: { b: 1, a: 'x' },
    occurred_at: '2026-11-25T14:00:00.000Z',
    received_at: '2026-11-25T15:00:00.000Z',
    offline: true,
  };

  it('covers the previous hash and every field, whatever the order of their keys', () => {
    const hash = entryHash(GENESIS_HASH, entry);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash(GENESIS_HASH, { ...entry, detail: { a: 'x', b: 1 } })).toBe(hash);
    expect(entryHash(hash, entry)).not.toBe(hash);
    for (const [field, value] of Object.entries({ entry_id: 8, patient_name: 'Ada Lovelace ', offline: false, detail: null, received_at: '2026-11-25T15:00:00.001Z' })) {
      expect(entryHash(GENESIS_HASH, { ...entry, [field]: value }), field).not.toBe(hash);
    }
  });

  it('leaves out what is not an entry field (the stored hashes)', () => {
    expect(entryHash(GENESIS_HASH, { ...entry, hash: 'x', prev_hash: 'y' } as AccessLogEntry)).toBe(entryHash(GENESIS_HASH, entry));
  });
});

describe('patientName', () => {
  it('joins first and last name, or is null without either', () => {
    expect(patientName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(patientName({ first_name: null, last_name: 'Lovelace' })).toBe('Lovelace');
    expect(patientName({ first_name: null, last_name: null })).toBeNull();
  });
});

describe('countRows', () => {
  it('counts the rows of a list, not the text that looks like one nor nested objects', () => {
    const rows = [
      { appointment_id: 1, note: '{"appointment_id":2}', members: [{ vaccination_booking_id: 1 }, { vaccination_booking_id: 1 }] },
      { appointment_id: 3, note: 'ends with {', members: [] },
    ];
    expect(countRows(JSON.stringify(rows), 'appointment_id')).toBe(2);
    expect(countRows('[]', 'appointment_id')).toBe(0);
  });
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and leaves other text as it is', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('O"Brien, Jr')).toBe('"O""Brien, Jr"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField(true)).toBe('true');
    expect(csvField({ count: 3, words: 'a,b' })).toBe('"{""count"":3,""words"":""a,b""}"');
  });

  it('sends text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3,x')).toBe(`"'-2+3,x"`);
  });
});
