/**
 * spec §4: a counter per day ("shown N times today"). Each day has its own key,
 * `<name>:<YYYY-MM-DD>`; reading or writing removes the keys of earlier dates, which is how the
 * counter resets.
 */
import { CAMPAIGN_TIME_ZONE } from '../../spec/constants';
import type { Clock, StorageService } from '../types';

export interface DailyCounter {
  /** Today's count (0 when nothing was counted today). */
  get(): number;
  /** Adds `by` (default 1) to today's count and returns the new count. */
  increment(by?: number): number;
  reset(): void;
}

export interface DailyCounterDeps {
  /** Any storage; one that lists its keys (local-storage.ts) also loses the earlier dates' keys. */
  storage: Pick<StorageService, 'get' | 'set' | 'remove' | 'keys'>;
  clock: Pick<Clock, 'now'>;
  /** Which calendar decides "today"; defaults to the campaigns' time zone. */
  timeZone?: string;
}

/** The calendar date of `ms` in `timeZone`, as YYYY-MM-DD. */
export function dateKey(ms: number, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

export function createDailyCounter(name: string, deps: DailyCounterDeps): DailyCounter {
  const timeZone = deps.timeZone ?? CAMPAIGN_TIME_ZONE;
  const prefix = `${name}:`;

  const todayKey = () => {
    const key = prefix + dateKey(deps.clock.now(), timeZone);
    for (const existing of deps.storage.keys?.() ?? []) {
      if (existing.startsWith(prefix) && existing !== key) deps.storage.remove(existing);
    }
    return key;
  };

  const get = () => {
    const value = deps.storage.get<unknown>(todayKey());
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  };

  return {
    get,
    increment(by = 1) {
      const next = get() + by;
      deps.storage.set(todayKey(), next);
      return next;
    },
    reset: () => deps.storage.remove(todayKey()),
  };
}
