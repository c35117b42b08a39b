import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLIDAY_YEAR } from '../../spec/constants';
import { campaignDay, holidayYear, isFreeday, isWorkday, parseHolidays } from './holidays';

// 2025: 1 Jan (Wed) is a holiday; 26 Jan (Sun, day 26) is a make-up workday.
const value = JSON.stringify([
  { year: 2025, workday: [26], freeday: [1, 28, 29] },
  { year: '2026', workday: [], freeday: [1] },
  { workday: [5], freeday: 'broken' },
]);

/** Noon in Beijing on the given date, so the test does not depend on the machine's zone. */
const beijing = (iso: string) => new Date(`${iso}T12:00:00+08:00`);

describe('parseHolidays (spec §3)', () => {
  it('reads the JSON string value into per-year day sets', () => {
    const calendar = parseHolidays(value);
    expect([...calendar.keys()].sort()).toEqual([2025, 2026]);
    expect(holidayYear(calendar, 2026)?.freeday.has(1)).toBe(true);
    // The year-less entry (default year) merges into 2025; its broken list is dropped.
    const y2025 = holidayYear(calendar, 2025);
    expect([...(y2025?.workday ?? [])]).toEqual([26, 5]);
    expect([...(y2025?.freeday ?? [])]).toEqual([1, 28, 29]);
  });

  it(`an entry without a year counts as ${DEFAULT_HOLIDAY_YEAR}, the default year`, () => {
    const calendar = parseHolidays(JSON.stringify([{ workday: [5], freeday: [6] }]));
    expect(holidayYear(calendar)?.workday.has(5)).toBe(true);
    expect(holidayYear(calendar)?.freeday.has(6)).toBe(true);
  });

  it('broken values give an empty calendar', () => {
    for (const bad of ['{', 'null', '{}', 42, undefined, '[1,2]']) {
      expect(parseHolidays(bad).size).toBe(0);
    }
  });
});

describe('isWorkday / isFreeday', () => {
  const calendar = parseHolidays(value);

  it('holidays are free, make-up days are work, other days follow the week', () => {
    expect(isFreeday(calendar, beijing('2025-01-01'))).toBe(true);
    expect(isWorkday(calendar, beijing('2025-01-26'))).toBe(true); // a Sunday worked
    expect(isWorkday(calendar, beijing('2025-01-02'))).toBe(true); // Thursday
    expect(isFreeday(calendar, beijing('2025-01-04'))).toBe(true); // Saturday
    expect(isWorkday(calendar, beijing('2024-12-31'))).toBe(true); // year without data: Tuesday
  });

  it('counts the day in Beijing time, not UTC', () => {
    // 31 Dec 2024 20:00 UTC is already 1 Jan 2025 in Beijing: a holiday.
    const late = new Date('2024-12-31T20:00:00Z');
    expect(campaignDay(late)).toEqual({ year: 2025, dayOfYear: 1, weekday: 3 });
    expect(isFreeday(calendar, late)).toBe(true);
  });

  it('day of year is 1-based and handles leap years', () => {
    expect(campaignDay(beijing('2024-12-31')).dayOfYear).toBe(366);
    expect(campaignDay(beijing('2025-12-31')).dayOfYear).toBe(365);
  });
});
