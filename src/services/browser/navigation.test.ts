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
