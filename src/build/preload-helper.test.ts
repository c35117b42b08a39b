// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The app's __vitePreload (decision 0044): the contract Vite's import analysis calls it with.
vi.stubGlobal('__PRELOAD_BASE__', '/mp/activity/');
const { __vitePreload } = await import('./preload-helper');

const hints = () =>
  Array.from(document.head.querySelectorAll('link'), (link) => `${link.rel} ${link.href}`);

beforeEach(() => {
  document.head.innerHTML = '';
});

describe('__vitePreload', () => {
  it('hints each dependency once, beside the import, and returns the import', async () => {
    const load = vi.fn(() => Promise.resolve({ value: 1 }));
    await expect(__vitePreload(load, ['assets/a.js', 'assets/b.js'])).resolves.toEqual({
      value: 1,
    });
    await __vitePreload(load, ['assets/b.js']);
    expect(load).toHaveBeenCalledTimes(2);
    // jsdom, like older WebKit, has no modulepreload: a plain script preload then.
    const rel = document.createElement('link').relList.supports('modulepreload')
      ? 'modulepreload'
      : 'preload';
    expect(hints()).toEqual([
      `${rel} ${location.origin}/mp/activity/assets/a.js`,
      `${rel} ${location.origin}/mp/activity/assets/b.js`,
    ]);
    const link = document.head.querySelector('link')!;
    expect(link.crossOrigin).toBe('');
    expect(link.as).toBe('script');
  });

  it('imports at once with no dependencies, and a failed import rejects as it is', async () => {
    const error = new Error('Failed to fetch dynamically imported module');
    await expect(__vitePreload(() => Promise.reject(error), [])).rejects.toBe(error);
    await expect(__vitePreload(() => Promise.resolve('ok'))).resolves.toBe('ok');
    expect(hints()).toEqual([]);
  });
});
