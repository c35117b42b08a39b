import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserClock, NOT_INTENT_FOCUS } from './clock';

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

describe('clock.whenIntent (decision 0016)', () => {
  function host() {
    const listeners = new Map<string, (event?: { type: string; target: unknown }) => void>();
    return {
      listeners,
      value: {
        setTimeout: () => 0,
        clearTimeout: () => undefined,
        setInterval: () => 0,
        clearInterval: () => undefined,
        addEventListener: (type: string, fn: (event?: { type: string; target: unknown }) => void) =>
          void listeners.set(type, fn),
        removeEventListener: (type: string) => void listeners.delete(type),
      },
    };
  }

  it('runs once, at the first touch, key or focus, and stops listening', () => {
    const h = host();
    const task = vi.fn();
    createBrowserClock(h.value).whenIntent(task);
    expect([...h.listeners.keys()].sort()).toEqual([
      'focusin',
      'keydown',
      'pointerdown',
      'touchstart',
    ]);
    expect(task).not.toHaveBeenCalled();
    h.listeners.get('touchstart')?.();
    expect(task).toHaveBeenCalledTimes(1);
    expect(h.listeners.size).toBe(0);
  });

  it("does not take a modal dialog's own focus for the visitor acting (issue 10)", () => {
    const h = host();
    const task = vi.fn();
    createBrowserClock(h.value).whenIntent(task);
    const inDialog = { closest: (selector: string) => (selector === NOT_INTENT_FOCUS ? {} : null) };
    h.listeners.get('focusin')?.({ type: 'focusin', target: inDialog });
    expect(task).not.toHaveBeenCalled();
    expect(h.listeners.size).toBe(4);
    const onPage = { closest: () => null };
    h.listeners.get('focusin')?.({ type: 'focusin', target: onPage });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancel removes the listeners; without a host to listen on it never runs', () => {
    const h = host();
    const task = vi.fn();
    createBrowserClock(h.value).whenIntent(task)();
    expect(h.listeners.size).toBe(0);
    const { addEventListener: _a, removeEventListener: _r, ...node } = h.value;
    createBrowserClock(node).whenIntent(task);
    expect(task).not.toHaveBeenCalled();
  });
});
