import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserClock } from './clock';
import { createDocumentCookies, createMemoryCookies, parseCookieString } from './cookies';
import { createBrowserLogger, type LogRecord } from './logger';
import { createBrowserNavigation } from './navigation';

describe('cookies', () => {
  it('parses and decodes a cookie string, skipping malformed parts', () => {
    expect(parseCookieString('a=1; b=x%20y; junk; c=%E0%A4%A; =v')).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['c', '%E0%A4%A'],
    ]);
  });

  it('reads, writes with a lifetime, and removes through document.cookie', () => {
    const writes: string[] = [];
    let jarText = 'userId=42; other=1';
    const doc = {
      get cookie() {
        return jarText;
      },
      set cookie(value: string) {
        writes.push(value);
      },
    };
    const jar = createDocumentCookies(doc);
    expect(jar.get('userId')).toBe('42');
    expect(jar.get('missing')).toBeNull();
    jar.set('k v', 'a;b', { days: 30 });
    expect(writes[0]).toBe('k%20v=a%3Bb; path=/; max-age=2592000');
    jar.remove('userId');
    expect(writes[1]).toBe('userId=; path=/; max-age=0');
    jarText = '';
    expect(jar.entries()).toEqual([]);
  });

  it('works against the real jsdom document', () => {
    const jar = createDocumentCookies(document);
    jar.set('probe_ph', 'v1');
    expect(jar.get('probe_ph')).toBe('v1');
    jar.remove('probe_ph');
    expect(jar.get('probe_ph')).toBeNull();
  });

  it('memory jar records lifetimes', () => {
    const jar = createMemoryCookies({ a: '1' });
    jar.set('b', '2', { days: 3 });
    expect(jar.entries()).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(jar.lifetimes.get('b')).toBe(3);
  });
});

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

describe('logger', () => {
  it('forwards every record and survives a throwing transport', () => {
    const records: LogRecord[] = [];
    const console = { error: vi.fn(), info: vi.fn() };
    const logger = createBrowserLogger({ console, send: (r) => void records.push(r) });
    logger.report(new Error('x'), { url: '/u' });
    logger.track('click', { id: 1 });
    logger.info('hello');
    expect(records.map((r) => r.kind)).toEqual(['error', 'track', 'info']);
    expect(console.error).toHaveBeenCalledTimes(1);
    const broken = createBrowserLogger({
      console,
      send: () => {
        throw new Error('down');
      },
    });
    expect(() => broken.report('boom')).not.toThrow();
  });
});
