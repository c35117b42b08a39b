import { describe, expect, it } from 'vitest';
import { createDocumentCookies, createMemoryCookies, parseCookieString } from './cookies';

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
