import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserClock } from './clock';

describe('clock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs and cancels timeouts and intervals', () => {
    vi.useFakeTimers();
    const clock = createBrowserClock();
    const once = vi.fn();
    const cancelled = vi.fn();
    const tick = vi.fn();
    clock.setTimeout(once, 100);
    clock.setTimeout(cancelled, 100)();
    const stop = clock.setInterval(tick, 50);
    vi.advanceTimersByTime(100);
    expect(once).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    expect(tick).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(500);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
