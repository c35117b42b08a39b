/**
 * A manual Clock for tests and previews: time moves only when `advance` is called. Preferred over
 * vi.useFakeTimers in component tests because Testing Library's async helpers wait on the global
 * setTimeout, which faked timers would stall.
 */
import type { Clock } from '../../src/services/types';

export interface FakeClock extends Clock {
  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void;
  /** Number of timers still scheduled. */
  pending(): number;
}

interface Timer {
  id: number;
  at: number;
  fn: () => void;
  every: number | null;
}

export function createFakeClock(start = 0): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();
  const idle = new Set<() => void>();
  const schedule = (fn: () => void, ms: number, every: number | null) => {
    const id = nextId++;
    timers.set(id, { id, at: now + Math.max(0, ms), fn, every });
    return () => void timers.delete(id);
  };
  return {
    now: () => now,
    setTimeout: (fn, ms) => schedule(fn, ms, null),
    // A zero period would loop forever inside advance(); treat it as 1 ms.
    setInterval: (fn, ms) => schedule(fn, Math.max(1, ms), Math.max(1, ms)),
    // A test's page is always loaded; idle tasks run on the next advance. They are not timers,
    // so pending() does not count them.
    whenIdle: (fn) => {
      const task = () => fn();
      idle.add(task);
      return () => void idle.delete(task);
    },
    // A test's visitor acts at once: intent tasks run with the idle ones, on the next advance.
    whenIntent: (fn) => {
      const task = () => fn();
      idle.add(task);
      return () => void idle.delete(task);
    },
    advance(ms) {
      const end = now + ms;
      for (const task of [...idle]) {
        idle.delete(task);
        task();
      }
      for (;;) {
        let due: Timer | undefined;
        for (const timer of timers.values()) {
          if (timer.at <= end && (!due || timer.at < due.at)) due = timer;
        }
        if (!due) break;
        now = due.at;
        if (due.every === null) timers.delete(due.id);
        else due.at += due.every;
        due.fn();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
