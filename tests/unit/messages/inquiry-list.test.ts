import { describe, expect, it } from 'vitest';
import {
  inquiryKeep,
  messagePreview,
  resolveToggle,
  withSearchText,
} from '../../../src/client/features/messages/inquiry-list';
import { formatListDate } from '../../../src/client/lib/dates';
import { buildIndex, filterIndex } from '../../../src/client/lib/record-index';
import type { Inquiry } from '../../../src/shared/entities';
import { inquiryName } from '../../../src/shared/inquiry-api';

function inquiry(id: number, overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    message_id: id,
    user_id: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada${id}@example.com`,
    phone_number: `416-555-01${String(id).padStart(2, '0')}`,
    message: 'Do you have the flu shot for children?',
    created_at: `2026-11-${String(id).padStart(2, '0')}T15:00:00.000Z`,
    resolved: false,
    replied: false,
    reply: null,
    ...overrides,
  };
}

describe('list item texts', () => {
  it("falls back to 'Unknown User' when the inquiry has no name", () => {
    expect(inquiryName(inquiry(1))).toBe('Ada Lovelace');
    expect(inquiryName(inquiry(1, { first_name: null, last_name: null }))).toBe('Unknown User');
    expect(inquiryName(inquiry(1, { first_name: '  ', last_name: '' }))).toBe('Unknown User');
    expect(inquiryName(inquiry(1, { first_name: null, last_name: 'Byron' }))).toBe('Byron');
  });

  it('previews the first 30 characters, whole characters only', () => {
    expect(messagePreview('Short question?')).toBe('Short question?');
    expect(messagePreview('x'.repeat(30))).toBe('x'.repeat(30));
    expect(messagePreview('Do you have the flu shot for children under five?')).toBe('Do you have the flu shot for c…');
    const emoji = '💊'.repeat(31);
    expect(messagePreview(emoji)).toBe(`${'💊'.repeat(30)}…`);
  });
});

describe('time of day if today, else the date', () => {
  const now = new Date('2026-11-23T20:00:00Z');
  it('shows the time for an inquiry created today and the date otherwise', () => {
    const opts = { locale: 'en-CA', timeZone: 'America/Toronto' };
    expect(formatListDate('2026-11-23T14:05:00Z', now, opts)).toMatch(/^9:05\s?a\.m\.$/);
    expect(formatListDate('2026-11-22T14:05:00Z', now, opts)).toBe('2026-11-22');
  });

  it('decides "today" in the time zone: the same instant is today in one zone and yesterday in another', () => {
    // 03:00 UTC on the 24th: in Toronto it is still the 23rd (today), in Tokyo the 24th… and
    // "now" (20:00 UTC on the 23rd) is the 24th in Tokyo too.
    const created = '2026-11-24T03:00:00Z';
    const later = new Date('2026-11-24T04:00:00Z');
    expect(formatListDate(created, later, { locale: 'en-US', timeZone: 'America/Toronto' })).toMatch(/^10:00\s?PM$/);
    expect(formatListDate('2026-11-23T14:00:00Z', later, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('11/23/2026');
    expect(formatListDate('2026-11-23T14:00:00Z', later, { locale: 'en-US', timeZone: 'America/Toronto' })).toMatch(/^9:00\s?AM$/);
  });
});

describe('filters and search', () => {
  const rows = [
    inquiry(1),
    inquiry(2, { resolved: true }),
    inquiry(3, { resolved: true, replied: true, reply: 'Yes.' }),
    inquiry(4, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.example', phone_number: '905-555-0199' }),
  ].map(withSearchText);
  const index = buildIndex(rows, 'message_id');
  const ids = (hits: Int32Array) => Array.from(hits, (p) => rows[p]!.message_id);

  it('All, Resolved, Replied and New keep what spec section 4 says', () => {
    expect(ids(filterIndex(index, { field: 'full_name', query: '', keep: inquiryKeep('All') }))).toEqual([4, 3, 2, 1]);
    expect(ids(filterIndex(index, { field: 'full_name', query: '', keep: inquiryKeep('Resolved') }))).toEqual([3, 2]);
    expect(ids(filterIndex(index, { field: 'full_name', query: '', keep: inquiryKeep('Replied') }))).toEqual([3]);
    expect(ids(filterIndex(index, { field: 'full_name', query: '', keep: inquiryKeep('New') }))).toEqual([4, 1]);
  });

  it('searches by name (first and last together), email or phone, ignoring case', () => {
    expect(ids(filterIndex(index, { field: 'full_name', query: 'grace hop', keep: null }))).toEqual([4]);
    expect(ids(filterIndex(index, { field: 'full_name', query: 'LOVELACE', keep: null }))).toEqual([3, 2, 1]);
    expect(ids(filterIndex(index, { field: 'email', query: 'NAVY', keep: null }))).toEqual([4]);
    expect(ids(filterIndex(index, { field: 'phone_number', query: '905-555', keep: null }))).toEqual([4]);
    expect(ids(filterIndex(index, { field: 'email', query: 'lovelace', keep: null }))).toEqual([]);
  });

  it('offers Mark as Resolved while unresolved, Mark as Unresolved while resolved and not replied, none once replied', () => {
    expect(resolveToggle(rows[0]!)).toBe('resolve');
    expect(resolveToggle(rows[1]!)).toBe('unresolve');
    expect(resolveToggle(rows[2]!)).toBeNull();
  });
});
