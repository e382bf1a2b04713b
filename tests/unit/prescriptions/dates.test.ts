import { describe, expect, it } from 'vitest';
import {
  formatDateOfBirth,
  formatDateTime,
  formatListDate,
  isSameDay,
} from '../../../src/client/lib/dates';

const utc = { locale: 'en-US', timeZone: 'UTC' };
const toronto = { locale: 'en-US', timeZone: 'America/Toronto' };
const now = new Date('2026-11-21T15:30:00.000Z');

describe('formatListDate', () => {
  it('shows the time of day for a date created today', () => {
    expect(formatListDate('2026-11-21T09:05:00.000Z', now, utc)).toBe('9:05 AM');
    expect(formatListDate('2026-11-21T23:59:00.000Z', now, utc)).toBe('11:59 PM');
  });

  it('shows a locale date for any other day', () => {
    expect(formatListDate('2026-11-20T23:59:00.000Z', now, utc)).toBe('11/20/2026');
    expect(formatListDate('2025-11-21T10:00:00.000Z', now, utc)).toBe('11/21/2025');
    expect(
      formatListDate('2026-11-20T10:00:00.000Z', now, { locale: 'en-GB', timeZone: 'UTC' }),
    ).toBe('20/11/2026');
  });

  it('decides "today" in the given time zone', () => {
    // 02:00 UTC on the 22nd is still the 21st in Toronto.
    const lateEvening = new Date('2026-11-22T02:00:00.000Z');
    expect(formatListDate('2026-11-21T20:00:00.000Z', lateEvening, toronto)).toBe('3:00 PM');
    expect(formatListDate('2026-11-21T20:00:00.000Z', lateEvening, utc)).toBe('11/21/2026');
  });

  it('defaults to now', () => {
    const today = new Date();
    const expected = today.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(formatListDate(today.toISOString())).toBe(expected);
  });

  it('shows unparseable input as given', () => {
    expect(formatListDate('not a date', now, utc)).toBe('not a date');
    expect(formatListDate(null, now, utc)).toBe('');
  });
});

describe('isSameDay', () => {
  it('compares calendar days in the zone', () => {
    expect(isSameDay(new Date('2026-11-21T00:00:00Z'), new Date('2026-11-21T23:59:59Z'), utc)).toBe(
      true,
    );
    expect(isSameDay(new Date('2026-11-21T00:00:00Z'), new Date('2026-11-22T00:00:00Z'), utc)).toBe(
      false,
    );
  });
});

describe('formatDateTime', () => {
  it('shows date and time', () => {
    expect(formatDateTime('2026-11-21T09:05:00.000Z', utc)).toBe('Nov 21, 2026, 9:05 AM');
  });
  it('passes bad input through', () => {
    expect(formatDateTime('', utc)).toBe('');
  });
});

describe('formatDateOfBirth', () => {
  it('keeps the first 10 characters', () => {
    expect(formatDateOfBirth('1990-01-02T00:00:00.000Z')).toBe('1990-01-02');
    expect(formatDateOfBirth('1990-01-02')).toBe('1990-01-02');
    expect(formatDateOfBirth(null)).toBe('');
  });
});
