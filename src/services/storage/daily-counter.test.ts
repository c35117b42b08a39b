import { describe, expect, it } from 'vitest';
import { createMemoryCookies } from '../browser/cookies';
import { createDailyCounter, dateKey } from './daily-counter';
import { createStorage } from './local-storage';

// 2025-03-10 12:00 in Asia/Shanghai.
const NOON = Date.UTC(2025, 2, 10, 4, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

function setup() {
  let now = NOON;
  const clock = { now: () => now };
  const storage = createStorage({
    localStorage: () => null,
    cookies: createMemoryCookies(),
    clock,
  });
  return { storage, clock, setNow: (ms: number) => (now = ms) };
}

describe('daily counter (spec §4)', () => {
  it('counts within a day', () => {
    const { storage, clock } = setup();
    const counter = createDailyCounter('popup', { storage, clock });
    expect(counter.get()).toBe(0);
    expect(counter.increment()).toBe(1);
    expect(counter.increment(2)).toBe(3);
    expect(counter.get()).toBe(3);
  });

  it('resets on a new day by removing the keys of earlier dates', () => {
    const { storage, clock, setNow } = setup();
    const counter = createDailyCounter('popup', { storage, clock });
    counter.increment();
    expect(storage.keys()).toEqual(['popup:2025-03-10']);
    setNow(NOON + DAY);
    expect(counter.get()).toBe(0);
    expect(storage.keys()).toEqual([]);
    counter.increment();
    expect(storage.keys()).toEqual(['popup:2025-03-11']);
  });

  it('leaves other counters alone', () => {
    const { storage, clock, setNow } = setup();
    createDailyCounter('b', { storage, clock }).increment();
    setNow(NOON + DAY);
    createDailyCounter('a', { storage, clock }).get();
    expect(storage.keys()).toEqual(['b:2025-03-10']);
  });

  it('uses the campaign time zone for the date boundary', () => {
    // 16:30 UTC is already the next day in Asia/Shanghai (UTC+8).
    expect(dateKey(Date.UTC(2025, 2, 10, 16, 30), 'Asia/Shanghai')).toBe('2025-03-11');
    expect(dateKey(Date.UTC(2025, 2, 10, 16, 30), 'UTC')).toBe('2025-03-10');
  });
});
