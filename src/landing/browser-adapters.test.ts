import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLandingDeps, landingRoot, windowClock } from './browser-adapters';

afterEach(() => {
  vi.useRealTimers();
  document.body.textContent = '';
});

describe('landing browser adapters', () => {
  it('windowClock runs and cancels timers', () => {
    vi.useFakeTimers();
    const clock = windowClock(window);
    const fn = vi.fn();
    const cancel = clock.setTimeout(fn, 10);
    cancel();
    clock.setTimeout(fn, 10);
    vi.advanceTimersByTime(10);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('landingRoot reuses #landing or creates it', () => {
    const root = landingRoot(document);
    expect(root.id).toBe('landing');
    expect(landingRoot(document)).toBe(root);
    expect(browserLandingDeps(window, root).ownOrigin).toBe(window.location.origin);
  });
});
