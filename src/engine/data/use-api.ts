import useSWR, { type SWRConfiguration } from 'swr';
import { useServices } from '../../services/context';
import type { ApiEnvelope } from '../../services/types';

/** Stable key for params: sorted keys, so {a,b} and {b,a} share a cache entry. */
export function stableKey(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((key) => [key, params[key]]),
  );
}

/**
 * Data through SWR keyed by call name and params (issue 5); `null` name skips the call.
 * The fetcher goes through the api service from context, so tests swap it.
 */
export function useApi<T = unknown>(
  name: string | null,
  params?: Record<string, unknown>,
  config?: SWRConfiguration<ApiEnvelope<T>>,
) {
  const { api } = useServices();
  return useSWR<ApiEnvelope<T>>(
    name ? ['api', name, stableKey(params)] : null,
    () => api.call<T>(name ?? '', params),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      ...config,
    },
  );
}
