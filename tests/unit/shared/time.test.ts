import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDate,
  dateTimeFormat,
  localDate,
  localMinutes,
  sundayOf,
  utcInstant,
  wallClock,
  zonedInstant,
} from '../../../src/shared/time';

const TORONTO = 'America/Toronto';
// 2026 in Toronto: summer time starts 8 March at 02:00 (07:00 UTC), ends 1 November at 02:00 (06:00 UTC).
const SPRING = '2026-03-08';
const FALL = '2026-11-01';

const at = (iso: string) => new Date(iso);
const everyTenMinutes = Array.from({ length: 144 }, (_, i) => {
  const hh = String(Math.floor(i / 6)).padStart(2, '0');
  return `${hh}:${String((i % 6) * 10).padStart(2, '0')}:00`;
});

describe("the pharmacy's wall clock at an instant", () => {
  it('reads the zone, 24-hour with midnight at 00', () => {
    expect(wallClock(at('2026-11-24T16:10:00Z'), TORONTO)).toEqual({ date: '2026-11-24', time: '11:10:00' });
    expect(wallClock(at('2026-11-24T05:00:00Z'), TORONTO)).toEqual({ date: '2026-11-24', time: '00:00:00' });
    expect(wallClock(at('2026-11-24T04:59:59Z'), TORONTO)).toEqual({ date: '2026-11-23', time: '23:59:59' });
    expect(localMinutes(at('2026-11-24T05:00:00Z'), TORONTO)).toBe(0);
    expect(localMinutes(at('2026-11-24T16:10:00Z'), TORONTO)).toBe(11 * 60 + 10);
  });

  it('jumps an hour forward when summer time starts and back when it ends', () => {
    expect(wallClock(at('2026-03-08T06:59:59Z'), TORONTO).time).toBe('01:59:59');
    expect(wallClock(at('2026-03-08T07:00:00Z'), TORONTO).time).toBe('03:00:00');
    expect(wallClock(at('2026-11-01T05:59:59Z'), TORONTO).time).toBe('01:59:59');
    expect(wallClock(at('2026-11-01T06:00:00Z'), TORONTO).time).toBe('01:00:00');
  });

  it("says what day it is in the pharmacy's zone, or the device's without one", () => {
    // 02:00 UTC on the 22nd is still the 21st in Toronto, already the 22nd in Tokyo.
    const instant = at('2026-11-22T02:00:00Z');
    expect(localDate(instant, TORONTO)).toBe('2026-11-21');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2026-11-22');
    expect(localDate(instant, 'UTC')).toBe('2026-11-22');
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(localDate(instant)).toBe(localDate(instant, device));
    expect(wallClock(instant)).toEqual(wallClock(instant, device));
  });
});

describe('zonedInstant', () => {
  it('takes the offset in force on the day: EST in winter, EDT in summer', () => {
    expect(zonedInstant('2026-11-24', '11:10:00', TORONTO).toISOString()).toBe('2026-11-24T16:10:00.000Z');
    expect(zonedInstant('2027-07-02', '18:10', TORONTO).toISOString()).toBe('2027-07-02T22:10:00.000Z');
  });

  it('lands the opening hours right on the days summer time starts and ends', () => {
    expect(zonedInstant('2026-03-07', '10:50:00', TORONTO).toISOString()).toBe('2026-03-07T15:50:00.000Z');
    expect(zonedInstant(SPRING, '10:50:00', TORONTO).toISOString()).toBe('2026-03-08T14:50:00.000Z');
    expect(zonedInstant(SPRING, '00:00:00', TORONTO).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedInstant('2026-10-31', '10:50:00', TORONTO).toISOString()).toBe('2026-10-31T14:50:00.000Z');
    expect(zonedInstant(FALL, '10:50:00', TORONTO).toISOString()).toBe('2026-11-01T15:50:00.000Z');
    expect(zonedInstant(FALL, '00:00:00', TORONTO).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('reads back as the same wall clock all day, but for the hour the clocks skip', () => {
    for (const date of [SPRING, FALL]) {
      const misread = everyTenMinutes.filter((time) => {
        const back = wallClock(zonedInstant(date, time, TORONTO), TORONTO);
        return back.date !== date || back.time !== time;
      });
      expect(misread).toEqual(date === SPRING ? ['02:00:00', '02:10:00', '02:20:00', '02:30:00', '02:40:00', '02:50:00'] : []);
    }
  });

  it('takes a skipped reading an hour forward and a repeated one at its first time', () => {
    // 02:30 never happens on 8 March: the clocks go from 01:59:59 EST to 03:00 EDT.
    expect(zonedInstant(SPRING, '02:30', TORONTO).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November: first in EDT (05:30 UTC), then in EST (06:30 UTC).
    expect(zonedInstant(FALL, '01:30', TORONTO).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // The same east of UTC, where the first reading is the earlier offset's.
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('dates of the calendar', () => {
  it('refuses days the calendar does not have', () => {
    expect(calendarDate('2026-11-24')).toEqual({ year: 2026, month: 11, day: 24 });
    expect(calendarDate('2026-02-30')).toBeNull();
    expect(calendarDate('2026-02-29')).toBeNull();
    expect(calendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(calendarDate('2100-02-29')).toBeNull();
    expect(calendarDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(calendarDate('2026-04-31')).toBeNull();
    expect(calendarDate('2026-13-01')).toBeNull();
    expect(calendarDate('2026-00-10')).toBeNull();
    expect(calendarDate('2026-11-00')).toBeNull();
    expect(calendarDate('2026-11-24T00:00:00Z')).toBeNull();
    expect(calendarDate('24/11/2026')).toBeNull();
  });

  it('adds days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 1)).toBe(SPRING);
    expect(addDays(FALL, 7)).toBe('2026-11-08');
    expect(sundayOf('2026-11-29')).toBe('2026-11-29');
    expect(sundayOf('2026-11-28')).toBe('2026-11-22');
  });
});

describe('utcInstant: a date and time as the block and unblock bodies carry them', () => {
  it('reads every time form the schema allows', () => {
    expect(utcInstant('2026-11-24', '16:10')?.toISOString()).toBe('2026-11-24T16:10:00.000Z');
    expect(utcInstant('2026-11-24', '16:10Z')?.toISOString()).toBe('2026-11-24T16:10:00.000Z');
    expect(utcInstant('2026-11-24', '16:10:30')?.toISOString()).toBe('2026-11-24T16:10:30.000Z');
    expect(utcInstant('2026-11-24', '16:10:00.000Z')?.toISOString()).toBe('2026-11-24T16:10:00.000Z');
    expect(utcInstant('2026-11-24', '16:10:00.5Z')?.toISOString()).toBe('2026-11-24T16:10:00.500Z');
    expect(utcInstant('2026-11-24', '16:10:00.25')?.toISOString()).toBe('2026-11-24T16:10:00.250Z');
  });

  it('is UTC whatever the zone: no daylight-saving shift', () => {
    expect(utcInstant(SPRING, '07:00:00.000Z')?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(utcInstant(FALL, '06:30:00.000Z')?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('refuses a date or a time that does not exist', () => {
    expect(utcInstant('2026-02-30', '10:00')).toBeNull();
    expect(utcInstant('2027-02-29', '10:00')).toBeNull();
    expect(utcInstant('2026-11-31', '10:00')).toBeNull();
    expect(utcInstant('2026-11-24', '24:00')).toBeNull();
    expect(utcInstant('2026-11-24', '10:60')).toBeNull();
    expect(utcInstant('2026-11-24', '10:00:60')).toBeNull();
    expect(utcInstant('2026-11-24', '10')).toBeNull();
  });
});

describe('dateTimeFormat', () => {
  it('builds one formatter per locale and options', () => {
    const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };
    expect(dateTimeFormat('en-US', options)).toBe(dateTimeFormat('en-US', { ...options }));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-GB', options));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-US', { ...options, timeZone: TORONTO }));
    expect(dateTimeFormat('en-US', options).format(at('2026-11-24T16:10:00Z'))).toBe('4:10 PM');
    expect(dateTimeFormat('en-US', { ...options, timeZone: TORONTO }).format(at('2026-11-24T16:10:00Z'))).toBe('11:10 AM');
  });
});
