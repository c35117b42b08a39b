import { describe, expect, it, vi } from 'vitest';
import { createBrowserNavigation } from './navigation';

describe('navigation', () => {
  it('reads and drives the given location', () => {
    const assign = vi.fn();
    const replace = vi.fn();
    const reload = vi.fn();
    const nav = createBrowserNavigation({
      location: {
        href: 'https://m.example.test/mp/activity/x?from=abc',
        host: 'm.example.test',
        pathname: '/mp/activity/x',
        search: '?from=abc',
        assign,
        replace,
        reload,
      },
    });
    expect(nav.host()).toBe('m.example.test');
    expect(nav.pathname()).toBe('/mp/activity/x');
    expect(nav.query().get('from')).toBe('abc');
    nav.assign('/a');
    nav.replace('/b');
    nav.reload();
    expect(assign).toHaveBeenCalledWith('/a');
    expect(replace).toHaveBeenCalledWith('/b');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('navigation: network state (issue 19)', () => {
  it('reads navigator.onLine and calls back once when the network returns', () => {
    const listeners = new Set<() => void>();
    const host = {
      location: {
        href: 'https://m.example.test/mp/activity/',
        host: 'm.example.test',
        pathname: '/mp/activity/',
        search: '',
        assign: vi.fn(),
        replace: vi.fn(),
        reload: vi.fn(),
      },
      navigator: { onLine: false },
      addEventListener: (_type: 'online', fn: () => void) => void listeners.add(fn),
      removeEventListener: (_type: 'online', fn: () => void) => void listeners.delete(fn),
    };
    const nav = createBrowserNavigation(host);
    expect(nav.isOnline()).toBe(false);
    const back = vi.fn();
    nav.onceOnline(back);
    const cancelled = vi.fn();
    nav.onceOnline(cancelled)();
    host.navigator.onLine = true;
    for (const fn of [...listeners]) fn();
    expect(nav.isOnline()).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });
});
