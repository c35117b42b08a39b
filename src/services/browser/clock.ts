import type { Clock } from '../types';

/** The timer functions the clock needs; `window` satisfies it, and so does `globalThis` in Node. */
export interface TimerHost {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: never): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: never): void;
}

/** The real Clock over the host's timers (spec services: widgets never call timers directly). */
export function createBrowserClock(
  host: TimerHost = globalThis as unknown as TimerHost,
  now: () => number = () => Date.now(),
): Clock {
  return {
    now,
    setTimeout(fn, ms) {
      const id = host.setTimeout(fn, ms);
      return () => host.clearTimeout(id as never);
    },
    setInterval(fn, ms) {
      const id = host.setInterval(fn, ms);
      return () => host.clearInterval(id as never);
    },
  };
}
