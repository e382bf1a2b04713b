import { describe, expect, it } from 'vitest';
import { overlaps, SLOT_TIMES, slotsOverlapping } from '../../../src/shared/appointment-slots';

const TORONTO = 'America/Toronto';
const range = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

describe('the appointment grid', () => {
  it('has 23 slots of 20 minutes from 10:50, the last ending at 18:30', () => {
    expect(SLOT_TIMES).toHaveLength(23);
    expect(SLOT_TIMES[0]).toBe('10:50:00');
    expect(SLOT_TIMES.at(-1)).toBe('18:10:00');
  });

  it('counts a slot as overlapping when its 20 minutes meet the range, not when they only touch it', () => {
    const slot = { date: '2026-11-24', start_time: '13:10:00' }; // 18:10-18:30 UTC
    expect(overlaps(slot, range('2026-11-24T17:00:00Z', '2026-11-24T18:10:00Z'), TORONTO)).toBe(false);
    expect(overlaps(slot, range('2026-11-24T17:00:00Z', '2026-11-24T18:11:00Z'), TORONTO)).toBe(true);
    expect(overlaps(slot, range('2026-11-24T18:29:00Z', '2026-11-24T19:00:00Z'), TORONTO)).toBe(true);
    expect(overlaps(slot, range('2026-11-24T18:30:00Z', '2026-11-24T19:00:00Z'), TORONTO)).toBe(false);
  });

  it('finds the slots of a range inside opening hours, every day, across a daylight-saving change', () => {
    const slots = slotsOverlapping(range('2027-11-06T04:00:00Z', '2027-11-08T05:00:00Z'), TORONTO);
    expect(slots).toHaveLength(2 * 23);
    expect(slots.filter((s) => s.date === '2027-11-07').map((s) => s.start_time)).toEqual(SLOT_TIMES);
    expect(slotsOverlapping(range('2026-11-24T23:30:00Z', '2026-11-25T15:50:00Z'), TORONTO)).toEqual([]);
  });
});
