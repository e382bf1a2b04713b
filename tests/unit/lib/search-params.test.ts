import { describe, expect, it } from 'vitest';
import {
  parsePositiveInt,
  validateMessagesSearch,
  validatePrescriptionSearch,
} from '../../../src/client/lib/search-params';

describe('prescription list search (id, filter)', () => {
  it('defaults the filter to all and leaves id out', () => {
    expect(validatePrescriptionSearch({})).toEqual({ filter: 'all' });
  });

  it('keeps a valid id and filter', () => {
    expect(validatePrescriptionSearch({ id: 12, filter: 'flagged' })).toEqual({ id: 12, filter: 'flagged' });
    expect(validatePrescriptionSearch({ id: '7', filter: 'Completed' })).toEqual({ id: 7, filter: 'completed' });
  });

  it('drops what is not a positive integer or a known filter', () => {
    for (const id of [0, -3, 1.5, 'abc', '12abc', null, true, Number.MAX_SAFE_INTEGER + 2, [3]]) {
      expect(validatePrescriptionSearch({ id, filter: 'active' })).toEqual({ filter: 'active' });
    }
    expect(validatePrescriptionSearch({ filter: 'deleted' })).toEqual({ filter: 'all' });
    expect(validatePrescriptionSearch({ filter: 3 })).toEqual({ filter: 'all' });
  });
});

describe('messages search (id, filter All/Resolved/Replied/New)', () => {
  it('defaults to All', () => {
    expect(validateMessagesSearch({})).toEqual({ filter: 'All' });
  });

  it('answers the spec spelling whatever the case in the URL', () => {
    expect(validateMessagesSearch({ filter: 'resolved', id: 4 })).toEqual({ filter: 'Resolved', id: 4 });
    expect(validateMessagesSearch({ filter: 'NEW' })).toEqual({ filter: 'New' });
    expect(validateMessagesSearch({ filter: 'Replied' })).toEqual({ filter: 'Replied' });
    expect(validateMessagesSearch({ filter: 'unread' })).toEqual({ filter: 'All' });
  });
});

describe('parsePositiveInt', () => {
  it('reads numbers and digit strings', () => {
    expect(parsePositiveInt(5)).toBe(5);
    expect(parsePositiveInt(' 42 ')).toBe(42);
    expect(parsePositiveInt('0')).toBeUndefined();
    expect(parsePositiveInt(undefined)).toBeUndefined();
  });
});
