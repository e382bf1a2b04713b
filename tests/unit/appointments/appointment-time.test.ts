import { describe, expect, it } from 'vitest';
import {
  formatSelection,
  formatWhen,
  parseSelection,
  rangeBody,
  wallEndIso,
  wallIso,
  wallParts,
} from '../../../src/client/features/appointments/appointment-time';

const TORONTO = 'America/Toronto';

describe("the pharmacy's wall clock in the app", () => {
  it('reads appointments as offset-free times the calendar (in UTC) places as they are', () => {
    expect(wallIso('2026-11-24', '11:10:00')).toBe('2026-11-24T11:10:00');
    expect(wallIso('2026-11-24', '11:10')).toBe('2026-11-24T11:10:00');
    expect(wallEndIso('2026-11-24', '18:10:00')).toBe('2026-11-24T18:30:00');
    expect(wallEndIso('2026-11-24', '23:50:00')).toBe('2026-11-25T00:10:00');
    expect(wallParts(new Date('2026-11-24T11:10:00Z'))).toEqual({ date: '2026-11-24', time: '11:10:00' });
  });

  it("turns a selection into the UTC date and time parts of its instants, in the pharmacy's zone", () => {
    // 11:10-12:10 in Toronto in November (EST, UTC-5).
    expect(rangeBody(new Date('2026-11-24T11:10:00Z'), new Date('2026-11-24T12:10:00Z'), TORONTO)).toEqual({
      startDate: '2026-11-24',
      startTime: '16:10:00.000Z',
      endDate: '2026-11-24',
      endTime: '17:10:00.000Z',
    });
    // Summer time (EDT, UTC-4), and an evening that is already tomorrow in UTC.
    expect(rangeBody(new Date('2027-07-02T18:10:00Z'), new Date('2027-07-02T20:30:00Z'), TORONTO)).toEqual({
      startDate: '2027-07-02',
      startTime: '22:10:00.000Z',
      endDate: '2027-07-03',
      endTime: '00:30:00.000Z',
    });
    // The day summer time starts: 11:10 is EDT already.
    expect(rangeBody(new Date('2027-03-14T11:10:00Z'), new Date('2027-03-14T11:30:00Z'), TORONTO).startTime).toBe(
      '15:10:00.000Z',
    );
  });

  it("says 'Today at' on the pharmacy's today, the date otherwise", () => {
    expect(formatWhen('2026-11-24', '13:50:00', '2026-11-24', 'en-US')).toBe('Today at 1:50 PM');
    expect(formatWhen('2026-11-25', '10:50:00', '2026-11-24', 'en-US')).toBe('Nov 25, 2026 at 10:50 AM');
    expect(formatWhen('2026-11-25T00:00:00.000Z', '10:50:00', '2026-11-25', 'en-US')).toBe('Today at 10:50 AM');
  });

  it('shows a selection as the pharmacy reads it, whatever the device zone', () => {
    expect(formatSelection(new Date('2026-11-24T11:10:00Z'), 'en-US')).toBe('Tue, Nov 24, 2026, 11:10 AM');
  });
});

describe('a typed From or Until (the manage page without dragging)', () => {
  const iso = (text: string) => parseSelection(text)?.toISOString() ?? null;
  it('reads ISO, 12-hour and the sidebar\'s own format, as the pharmacy\'s clock', () => {
    expect(iso('2026-11-24 14:10')).toBe('2026-11-24T14:10:00.000Z');
    expect(iso(' 2026-11-24T09:30 ')).toBe('2026-11-24T09:30:00.000Z');
    expect(iso('2026-11-24 2:10 PM')).toBe('2026-11-24T14:10:00.000Z');
    expect(iso('2026-11-24 12:00 am')).toBe('2026-11-24T00:00:00.000Z');
    expect(iso('Tue, Nov 24, 2026, 11:10 AM')).toBe('2026-11-24T11:10:00.000Z');
    expect(iso('November 24 2026 6:30 p.m.')).toBe('2026-11-24T18:30:00.000Z');
    // What the sidebar shows after a drag reads back as the same instant.
    const dragged = new Date('2026-11-24T16:50:00Z');
    expect(parseSelection(formatSelection(dragged, 'en-US'))?.getTime()).toBe(dragged.getTime());
  });

  it("reads French too: '14 h 10', the day before its month, the sidebar's fr-CA format", () => {
    expect(iso('2026-11-24 14 h 10')).toBe('2026-11-24T14:10:00.000Z');
    expect(iso('2026-11-24 14h10')).toBe('2026-11-24T14:10:00.000Z');
    expect(iso('2026-11-24 9 h')).toBe('2026-11-24T09:00:00.000Z');
    expect(iso('mar. 24 nov. 2026, 11 h 10')).toBe('2026-11-24T11:10:00.000Z');
    expect(iso('1er décembre 2026 à 8 h 30')).toBe('2026-12-01T08:30:00.000Z');
    expect(iso('3 fevrier 2027 16:05')).toBe('2027-02-03T16:05:00.000Z');
    // Every month the sidebar writes after a drag reads back as the same instant.
    for (let month = 0; month < 12; month++) {
      const dragged = new Date(Date.UTC(2027, month, 3, 16, 50));
      expect(parseSelection(formatSelection(dragged, 'fr-CA'))?.getTime(), formatSelection(dragged, 'fr-CA')).toBe(
        dragged.getTime(),
      );
    }
  });

  it('refuses what is not a real day and time', () => {
    for (const text of ['', 'tomorrow', '2026-02-30 10:00', '2026-11-24', '2026-11-24 24:00', '2026-11-24 10:60', '2026-11-24 13:00 PM', 'Foo 24, 2026, 10:00', '2026-13-01 10:00', '24 jui 2026 10 h 00', '2026-11-24 24 h', '2026-11-24 10 h 60', '2026-11-24 2 h 10 PM']) {
      expect(parseSelection(text), text).toBeNull();
    }
  });
});
