import { useCallback, useRef, useState } from 'react';

/**
 * An in-flight lock for taps that change data: while one run is pending, further calls return
 * without running (a ref, so two taps in the same tick cannot both pass). `busy` drives the
 * disabled/aria-busy state; `key` tells which item is running in a list.
 */
export function useLock() {
  const running = useRef(false);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const lock = useCallback(async (key: string, task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusyKey(key);
    try {
      await task();
    } finally {
      running.current = false;
      setBusyKey(null);
    }
  }, []);
  return { lock, busyKey, busy: busyKey !== null };
}
