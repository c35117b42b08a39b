import { useContext, useEffect } from 'react';
import useSWR, { preload, type SWRConfiguration } from 'swr';
import { useServices } from '../../services/context';
import type { ApiCallName, ApiClient, ApiEnvelope, ApiResult } from '../../services/types';
import { faultKind, markOffline } from './fault';
import { FaultScopeContext } from './fault-scope';

/**
 * What a component that shows a call's state reads of useApi's answer, whatever the call: a
 * list's loading, error and retry (SWR's response of any call is one).
 */
export interface ApiQueryState<T = unknown> {
  data?: ApiEnvelope<T> | undefined;
  error?: unknown;
  isLoading: boolean;
  mutate: () => Promise<unknown>;
}

/** Stable key for params: sorted keys, so {a,b} and {b,a} share a cache entry. */
export function stableKey(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((key) => [key, params[key]]),
  );
}

/** The SWR key of a call: the same for useApi and preloadApi, so a preload is what useApi gets. */
function apiKey(name: string, params: Record<string, unknown> | undefined) {
  return ['api', name, stableKey(params)] as const;
}

/**
 * Starts a call before the component that reads it renders (SWR's preload): the first useApi
 * with the same name and params takes this request instead of sending its own.
 */
export function preloadApi(api: ApiClient, name: string, params?: Record<string, unknown>): void {
  // A failure reaches the useApi that takes the request; here it must not be unhandled.
  preload(apiKey(name, params), () => api.call(name, params)).catch(() => undefined);
}

/**
 * Data through SWR keyed by call name and params (issue 5); `null` name skips the call. The
 * answer is typed by the call's contract (src/contracts) when the name is a literal.
 * The fetcher goes through the api service from context, so tests swap it.
 *
 * A failure that is a fault of the network or the server (./fault.ts) is reported to the
 * widget's fault scope (./fault-scope.ts): if the widget shows no load error of its own, the
 * engine shows one with a retry that calls again (issue 19). A call whose failure the spec says
 * to ignore (§8 row 7, user info) passes `{ silent: true }` and reports nothing.
 */
export function useApi<N extends string>(
  name: ApiCallName<N> | null,
  params?: Record<string, unknown>,
  config?: SWRConfiguration<ApiEnvelope<ApiResult<N>>> & { silent?: boolean },
) {
  const { api, navigation } = useServices();
  const scope = useContext(FaultScopeContext);
  const result = useSWR<ApiEnvelope<ApiResult<N>>>(
    name ? apiKey(name, params) : null,
    async () => {
      try {
        // Not null here: SWR runs the fetcher only for a non-null key.
        return await api.call(name as ApiCallName<N>, params);
      } catch (error) {
        throw markOffline(error, navigation.isOnline());
      }
    },
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      ...config,
    },
  );
  const fault = result.error && !config?.silent ? faultKind(result.error) : null;
  const { mutate } = result;
  useEffect(() => {
    if (!scope || !fault) return undefined;
    return scope.failed(fault, () => void mutate());
  }, [scope, fault, mutate]);
  return result;
}
