import { describe, expect, it } from 'vitest';
import type { RefillReminder, Transfer } from '../../../src/shared/entities';
import { filterRecords, statusKeep } from '../../../src/client/features/prescriptions/filter-records';
import { buildIndex, filterIndex } from '../../../src/client/lib/record-index';
import { TRANSFERS_LIST } from '../../../src/client/features/prescriptions/list-config';

function transfer(id: number, overrides: Partial<Transfer> = {}): Transfer {
  return {
    transfer_id: id,
    user_id: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_number: '416-555-0100',
    email: 'ada@example.com',
    date_of_birth: '1990-01-02',
    created_at: `2026-11-${String(id).padStart(2, '0')}T12:00:00.000Z`,
    postal_code: 'M5V 2T6',
    pharmacy_name: 'Corner Drugs',
    pharmacy_number: '905-555-0199',
    status: 'active',
    ...overrides,
  };
}

function reminder(
  id: number,
  rx: string,
  status: RefillReminder['status'] = 'active',
): RefillReminder {
  return {
    id,
    rx_number: rx,
    user_id: null,
    first_name: 'Grace',
    last_name: 'Hopper',
    phone_number: '416-555-0101',
    email: null,
    date_of_birth: '1980-05-06',
    created_at: `2026-10-${String(id).padStart(2, '0')}T08:00:00.000Z`,
    status,
  };
}

const ids = (rows: Transfer[]) => rows.map((row) => row.transfer_id);

describe('transfer search by field', () => {
  const rows = [
    transfer(1, { first_name: 'Maria', last_name: 'Smith', email: 'MARIA@Mail.com' }),
    transfer(2, { first_name: 'John', last_name: 'Marias', email: null }),
    transfer(3, {
      first_name: 'Wei',
      last_name: 'Chen',
      phone_number: '(647) 555-1234',
      postal_code: 'L4B 1A1',
      pharmacy_name: 'Shoppers Drug Mart',
      pharmacy_number: '905-881-0000',
    }),
  ];
  const search = (field: keyof Transfer & string, query: string) =>
    ids(filterRecords(rows, 'transfer_id', { field, query, status: 'all' }));

  it('offers exactly the spec fields, each searchable', () => {
    expect(TRANSFERS_LIST.searchFields.map((f) => f.field)).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'postal_code',
      'pharmacy_name',
      'pharmacy_number',
    ]);
  });

  it('matches the chosen field only', () => {
    expect(search('first_name', 'mari')).toEqual([1]);
    expect(search('last_name', 'mari')).toEqual([2]);
    expect(search('email', 'mail.com')).toEqual([1]);
    expect(search('phone_number', '555-1234')).toEqual([3]);
    expect(search('postal_code', 'l4b')).toEqual([3]);
    expect(search('pharmacy_name', 'drug mart')).toEqual([3]);
    expect(search('pharmacy_number', '881')).toEqual([3]);
  });

  it('is a case-insensitive contains, trimmed', () => {
    expect(search('first_name', 'ARI')).toEqual([1]);
    expect(search('first_name', '  john ')).toEqual([2]);
    expect(search('email', 'maria@mail')).toEqual([1]);
  });

  it('treats a missing value as empty text', () => {
    expect(search('email', 'null')).toEqual([]);
  });

  it('an empty query matches everything', () => {
    expect(search('first_name', '')).toEqual([3, 2, 1]);
    expect(search('first_name', '   ')).toEqual([3, 2, 1]);
  });
});

describe('refill-type search by rx_number', () => {
  const rows = [
    reminder(1, 'RX-1001'),
    reminder(2, 'rx-2002', 'completed'),
    reminder(3, 'RX-1003'),
  ];
  it('matches rx numbers regardless of case', () => {
    const found = filterRecords(rows, 'id', { field: 'rx_number', query: 'rx-100', status: 'all' });
    expect(found.map((row) => row.id)).toEqual([3, 1]);
    const upper = filterRecords(rows, 'id', {
      field: 'rx_number',
      query: 'RX-2002',
      status: 'all',
    });
    expect(upper.map((row) => row.id)).toEqual([2]);
  });
});

describe('status filter', () => {
  const rows = [
    transfer(1, { status: 'active' }),
    transfer(2, { status: 'completed' }),
    transfer(3, { status: 'flagged' }),
    transfer(4, { status: 'active' }),
  ];
  const byStatus = (status: 'all' | 'active' | 'completed' | 'flagged', query = '') =>
    ids(filterRecords(rows, 'transfer_id', { field: 'first_name', query, status }));

  it('matches exactly unless all', () => {
    expect(byStatus('all')).toEqual([4, 3, 2, 1]);
    expect(byStatus('active')).toEqual([4, 1]);
    expect(byStatus('completed')).toEqual([2]);
    expect(byStatus('flagged')).toEqual([3]);
  });

  it('combines with the search', () => {
    expect(byStatus('active', 'ada')).toEqual([4, 1]);
    expect(byStatus('active', 'nobody')).toEqual([]);
  });
});

describe('ordering', () => {
  it('is newest first, ties broken by the highest key', () => {
    const rows = [
      transfer(1, { created_at: '2026-11-20T09:00:00.000Z' }),
      transfer(2, { created_at: '2026-11-21T09:00:00.000Z' }),
      transfer(3, { created_at: '2026-11-20T09:00:00.000Z' }),
      transfer(4, { created_at: '2026-11-19T23:59:59+05:00' }),
    ];
    expect(
      ids(filterRecords(rows, 'transfer_id', { field: 'first_name', query: '', status: 'all' })),
    ).toEqual([2, 3, 1, 4]);
  });

  it('puts unparseable dates last', () => {
    const rows = [transfer(1, { created_at: 'garbage' }), transfer(2)];
    expect(
      ids(filterRecords(rows, 'transfer_id', { field: 'first_name', query: '', status: 'all' })),
    ).toEqual([2, 1]);
  });
});

describe('the index', () => {
  it('finds positions by key and reuses its lowercase text', () => {
    const rows = [transfer(5), transfer(9)];
    const index = buildIndex(rows, 'transfer_id');
    expect(index.positionOf(9)).toBe(1);
    expect(index.positionOf(7)).toBeUndefined();
    expect(index.haystack('first_name')).toBe(index.haystack('first_name'));
  });

  it('filters 100,000 rows quickly once built', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) =>
      transfer(i + 1, {
        last_name: `Name${i}`,
        status: i % 3 === 0 ? 'flagged' : 'active',
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }),
    );
    const index = buildIndex(rows, 'transfer_id');
    index.haystack('last_name');
    const started = performance.now();
    const hits = filterIndex(index, { field: 'last_name', query: 'name999', keep: statusKeep('flagged') });
    const elapsed = performance.now() - started;
    expect(hits.length).toBeGreaterThan(0);
    expect(Array.from(hits).every((p) => rows[p]?.status === 'flagged')).toBe(true);
    // Generous bound for a shared CI machine; a keystroke usually takes a few milliseconds.
    expect(elapsed).toBeLessThan(250);
  });
});
