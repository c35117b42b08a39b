import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../support/fake-clock';

describe('createFakeClock', () => {
  it('runs timeouts when due and moves now()', () => {
    const clock = createFakeClock(100);
    const fn = vi.fn();
    clock.setTimeout(fn, 50);
    clock.advance(49);
    expect(fn).not.toHaveBeenCalled();
    expect(clock.now()).toBe(149);
    clock.advance(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(clock.pending()).toBe(0);
  });

  it('repeats intervals and cancels', () => {
    const clock = createFakeClock();
    const fn = vi.fn();
    const cancel = clock.setInterval(fn, 10);
    clock.advance(35);
    expect(fn).toHaveBeenCalledTimes(3);
    cancel();
    clock.advance(100);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('runs timers scheduled by timers, in time order', () => {
    const clock = createFakeClock();
    const seen: string[] = [];
    clock.setTimeout(() => {
      seen.push(`a@${clock.now()}`);
      clock.setTimeout(() => seen.push(`c@${clock.now()}`), 5);
    }, 10);
    clock.setTimeout(() => seen.push(`b@${clock.now()}`), 12);
    clock.advance(20);
    expect(seen).toEqual(['a@10', 'b@12', 'c@15']);
  });
});
