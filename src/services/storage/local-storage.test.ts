import { describe, expect, it } from 'vitest';
import { COOKIE_FALLBACK_DAYS, STORAGE_DEFAULT_EXPIRY_S } from '../../spec/constants';
import { createMemoryCookies } from '../browser/cookies';
import { createStorage, STORAGE_KEY_PREFIX } from './local-storage';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

function setup(local: () => Storage | null = memoryStorage) {
  let now = 1_700_000_000_000;
  const cookies = createMemoryCookies();
  const storage = createStorage({ localStorage: local, cookies, clock: { now: () => now } });
  return { storage, cookies, advance: (ms: number) => (now += ms) };
}

describe('storage (spec §9)', () => {
  it('round-trips values under the fixed prefix', () => {
    const backing = memoryStorage();
    const { storage } = setup(() => backing);
    storage.set('seen', { n: 2 });
    expect(storage.get('seen')).toEqual({ n: 2 });
    expect(backing.getItem(`${STORAGE_KEY_PREFIX}seen`)).not.toBeNull();
    expect(storage.keys()).toEqual(['seen']);
    storage.remove('seen');
    expect(storage.get('seen')).toBeNull();
  });

  it('expires values after the default 7 days', () => {
    const { storage, advance } = setup();
    storage.set('k', 1);
    advance(STORAGE_DEFAULT_EXPIRY_S * 1000 - 1);
    expect(storage.get('k')).toBe(1);
    advance(1);
    expect(storage.get('k')).toBeNull();
  });

  it('honours a custom expiry', () => {
    const { storage, advance } = setup();
    storage.set('k', 'v', 10);
    advance(10_000);
    expect(storage.get('k')).toBeNull();
  });

  it('falls back to 30-day cookies when local storage throws on access (private mode)', () => {
    const { storage, cookies } = setup(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    storage.set('k', [1, 2]);
    expect(storage.get('k')).toEqual([1, 2]);
    expect(cookies.get(`${STORAGE_KEY_PREFIX}k`)).not.toBeNull();
    expect(cookies.lifetimes.get(`${STORAGE_KEY_PREFIX}k`)).toBe(COOKIE_FALLBACK_DAYS);
    expect(storage.keys()).toEqual(['k']);
  });

  it('falls back to cookies when writes throw (zero quota)', () => {
    const broken = memoryStorage();
    broken.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const { storage, cookies } = setup(() => broken);
    storage.set('k', true);
    expect(cookies.get(`${STORAGE_KEY_PREFIX}k`)).not.toBeNull();
    expect(storage.get('k')).toBe(true);
  });

  it('falls back to cookies when local storage is missing', () => {
    const { storage, cookies } = setup(() => null);
    storage.set('k', 'x');
    expect(cookies.get(`${STORAGE_KEY_PREFIX}k`)).not.toBeNull();
  });

  it('treats corrupt entries as absent and removes them', () => {
    const backing = memoryStorage();
    backing.setItem(`${STORAGE_KEY_PREFIX}bad`, '{not json');
    backing.setItem(`${STORAGE_KEY_PREFIX}shape`, '{"x":1}');
    const { storage } = setup(() => backing);
    expect(storage.get('bad')).toBeNull();
    expect(storage.get('shape')).toBeNull();
    expect(backing.length).toBe(0);
  });

  it('opens local storage at the first use, not when created (the probe is a sync round trip)', () => {
    const backing = memoryStorage();
    let opened = 0;
    const { storage } = setup(() => {
      opened += 1;
      return backing;
    });
    expect(opened).toBe(0);
    expect(storage.get('k')).toBeNull();
    storage.set('k', 1);
    expect(storage.get('k')).toBe(1);
    expect(opened).toBe(1);
  });

  it('ignores keys without the prefix', () => {
    const backing = memoryStorage();
    backing.setItem('foreign', '1');
    const { storage } = setup(() => backing);
    expect(storage.keys()).toEqual([]);
  });
});
