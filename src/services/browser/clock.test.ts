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

describe('clock.whenIdle', () => {
  function host(readyState: string) {
    const listeners: (() => void)[] = [];
    const idle: (() => void)[] = [];
    const value = {
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
      setInterval: globalThis.setInterval,
      clearInterval: globalThis.clearInterval,
      document: { readyState },
      addEventListener: (_type: 'load', fn: () => void) => void listeners.push(fn),
      removeEventListener: (_type: 'load', fn: () => void) =>
        void listeners.splice(listeners.indexOf(fn), 1),
      requestIdleCallback: (fn: () => void) => idle.push(fn),
      cancelIdleCallback: (id: number) => void idle.splice(id - 1, 1),
    };
    return { value, listeners, idle };
  }

  it('waits for the load event, then for an idle moment', () => {
    const h = host('loading');
    const task = vi.fn();
    createBrowserClock(h.value).whenIdle(task);
    expect(h.idle).toHaveLength(0);
    h.listeners.forEach((listener) => listener());
    expect(task).not.toHaveBeenCalled();
    h.idle.forEach((run) => run());
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('asks for an idle moment at once when the page has loaded; cancel drops the task', () => {
    const h = host('complete');
    const task = vi.fn();
    const cancel = createBrowserClock(h.value).whenIdle(task);
    expect(h.idle).toHaveLength(1);
    cancel();
    expect(h.idle).toHaveLength(0);
    expect(task).not.toHaveBeenCalled();
  });

  it('falls back to a zero timeout without requestIdleCallback', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    createBrowserClock().whenIdle(task);
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
