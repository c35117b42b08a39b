import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Re-reads every cached call of the given names, whichever widget of the page loaded it (keys
 * are ['api', name, params] in src/engine/data/use-api.ts): signing in pays gold rice, a
 * conversion adds draw chances, so the balance and chance widgets elsewhere on the page follow.
 */
export function useRevalidate() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (names: readonly string[]) =>
      mutate((key) => Array.isArray(key) && key[0] === 'api' && names.includes(String(key[1]))),
    [mutate],
  );
}
