/**
 * spec §9: the local-storage wrapper. Keys get a fixed prefix; every value carries its expiry
 * (default STORAGE_DEFAULT_EXPIRY_S). Where local storage is unavailable (it throws on access, as
 * in some private modes, or on write when the quota is zero) values go to cookies that live
 * COOKIE_FALLBACK_DAYS days.
 */
import { COOKIE_FALLBACK_DAYS, STORAGE_DEFAULT_EXPIRY_S } from '../../spec/constants';
import type { CookieJar } from '../browser/cookies';
import type { Clock, StorageService } from '../types';

/** Ours (the spec says only "a fixed key prefix"). */
export const STORAGE_KEY_PREFIX = 'mpact_';

/** A StorageService that can also list its own keys (the daily counter needs that, spec §4). */
export interface KeyedStorage extends StorageService {
  /** Keys written through this wrapper, without the prefix. */
  keys(): string[];
}

export interface StorageDeps {
  /** Returns the browser's local storage; may throw (private mode) or return null. */
  localStorage: () => Storage | null;
  cookies: CookieJar;
  clock: Pick<Clock, 'now'>;
}

interface Stored {
  /** The value. */
  v: unknown;
  /** Expiry, ms since the epoch. */
  e: number;
}

interface Backend {
  read(fullKey: string): string | null;
  write(fullKey: string, text: string): void;
  delete(fullKey: string): void;
  fullKeys(): string[];
}

function isStored(value: unknown): value is Stored {
  if (typeof value !== 'object' || value === null || !('v' in value) || !('e' in value))
    return false;
  return typeof value.e === 'number';
}

function cookieBackend(cookies: CookieJar): Backend {
  return {
    read: (key) => cookies.get(key),
    write: (key, text) => cookies.set(key, text, { days: COOKIE_FALLBACK_DAYS }),
    delete: (key) => cookies.remove(key),
    fullKeys: () => cookies.entries().map(([name]) => name),
  };
}

function localBackend(storage: Storage): Backend {
  return {
    read: (key) => storage.getItem(key),
    write: (key, text) => storage.setItem(key, text),
    delete: (key) => storage.removeItem(key),
    fullKeys: () => {
      const out: string[] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key !== null) out.push(key);
      }
      return out;
    },
  };
}

/** Local storage when it works (probed once with a write), else the cookie fallback. */
function chooseBackend(deps: StorageDeps): Backend {
  try {
    const storage = deps.localStorage();
    if (storage) {
      const probe = `${STORAGE_KEY_PREFIX}__probe`;
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return localBackend(storage);
    }
  } catch {
    // Private mode and disabled storage throw here: fall through to cookies.
  }
  return cookieBackend(deps.cookies);
}

/**
 * The backend is chosen at the first read or write, not here: the probe's write opens the
 * browser's storage area, a synchronous round trip to the browser process that took 11–116 ms
 * at 4x CPU on the render bench's cold loads, in front of the first render of every page, most
 * of which never touch storage (docs/perf.md, render cost).
 */
export function createStorage(deps: StorageDeps): KeyedStorage {
  let backend: Backend | null = null;
  const fallback = cookieBackend(deps.cookies);

  /** Runs on the chosen backend; a backend that starts throwing is replaced by cookies. */
  const withBackend = <T>(op: (b: Backend) => T): T => {
    backend ??= chooseBackend(deps);
    try {
      return op(backend);
    } catch {
      backend = fallback;
      return op(backend);
    }
  };

  const remove = (key: string) => withBackend((b) => b.delete(STORAGE_KEY_PREFIX + key));

  return {
    get<T>(key: string): T | null {
      const text = withBackend((b) => b.read(STORAGE_KEY_PREFIX + key));
      if (text === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        remove(key);
        return null;
      }
      if (!isStored(parsed) || parsed.e <= deps.clock.now()) {
        remove(key);
        return null;
      }
      return parsed.v as T;
    },
    set(key, value, expirySeconds = STORAGE_DEFAULT_EXPIRY_S) {
      const stored: Stored = { v: value, e: deps.clock.now() + expirySeconds * 1000 };
      withBackend((b) => b.write(STORAGE_KEY_PREFIX + key, JSON.stringify(stored)));
    },
    remove,
    keys: () =>
      withBackend((b) => b.fullKeys())
        .filter((k) => k.startsWith(STORAGE_KEY_PREFIX) && k !== `${STORAGE_KEY_PREFIX}__probe`)
        .map((k) => k.slice(STORAGE_KEY_PREFIX.length)),
  };
}
