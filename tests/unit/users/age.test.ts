import { describe, expect, it } from 'vitest';
import { ageOn } from '../../../src/client/lib/age';
import { wallClock } from '../../../src/shared/time';

describe('ageOn', () => {
  it('goes up on the birthday itself, not the day before', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('1990-06-15', '2026-06-16')).toBe(36);
  });

  it('counts whole years across the turn of the year', () => {
    expect(ageOn('2000-12-31', '2026-12-30')).toBe(25);
    expect(ageOn('2000-12-31', '2026-12-31')).toBe(26);
    expect(ageOn('2000-01-01', '2026-01-01')).toBe(26);
    expect(ageOn('2000-01-01', '2025-12-31')).toBe(25);
  });

  it('a 29 February birth turns a year older on 1 March in a common year', () => {
    expect(ageOn('2000-02-29', '2027-02-28')).toBe(26);
    expect(ageOn('2000-02-29', '2027-03-01')).toBe(27);
  });

  it('a 29 February birth turns a year older on 29 February in a leap year', () => {
    expect(ageOn('2000-02-29', '2028-02-28')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
  });

  it('is 0 on the day of birth and null before it', () => {
    expect(ageOn('2026-11-23', '2026-11-23')).toBe(0);
    expect(ageOn('2026-11-24', '2026-11-23')).toBeNull();
  });

  it('reads only the day of a longer ISO string, and refuses what is not a date', () => {
    expect(ageOn('1990-06-15T00:00:00.000Z', '2026-06-15')).toBe(36);
    expect(ageOn(null, '2026-06-15')).toBeNull();
    expect(ageOn('', '2026-06-15')).toBeNull();
    expect(ageOn('15/06/1990', '2026-06-15')).toBeNull();
    expect(ageOn('1990-13-01', '2026-06-15')).toBeNull();
    expect(ageOn('1990-02-30', '2026-06-15')).toBeNull();
    expect(ageOn('1990-06-15', '2026-02-30')).toBeNull();
  });

  it("uses the pharmacy's day: the same instant is a birthday in Toronto and not yet in Tokyo, or the reverse", () => {
    // 03:30 UTC on 1 March 2027 is still 28 February in Toronto, already 1 March in Tokyo.
    const instant = new Date('2027-03-01T03:30:00Z');
    expect(ageOn('2000-02-29', wallClock(instant, 'America/Toronto').date)).toBe(26);
    expect(ageOn('2000-02-29', wallClock(instant, 'Asia/Tokyo').date)).toBe(27);
    // 23:30 on 14 June in Vancouver is 15 June in UTC: the birthday has not come in Vancouver.
    const evening = new Date('2026-06-15T06:30:00Z');
    expect(ageOn('1990-06-15', wallClock(evening, 'America/Vancouver').date)).toBe(35);
    expect(ageOn('1990-06-15', wallClock(evening, 'UTC').date)).toBe(36);
  });
});
