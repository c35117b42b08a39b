import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useServices } from '../../services/context';
import type { ApiClient } from '../../services/types';
import { bindProps } from '../bindings/interpolate';

type Sources = Record<string, { call: string; params?: Record<string, unknown> | undefined }>;

export interface SourceResult {
  value: unknown;
  error: string | null;
}

async function loadAll(
  api: ApiClient,
  sources: Sources,
  scope: unknown,
): Promise<Record<string, SourceResult>> {
  const entries = Object.entries(sources);
  const settled = await Promise.allSettled(
    entries.map(([, source]) => api.call(source.call, bindProps(source.params ?? {}, scope))),
  );
  return Object.fromEntries(
    settled.map((outcome, index) => {
      const name = entries[index]?.[0] ?? '';
      if (outcome.status === 'fulfilled') {
        const envelope = outcome.value;
        return [name, { value: envelope.result ?? envelope.value ?? null, error: null }];
      }
      const reason =
        outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      return [name, { value: null, error: reason }];
    }),
  );
}

/** A page's data sources (the key below), which a widget's action may have made stale. */
export const isPageData = (key: unknown) => Array.isArray(key) && key[0] === 'page-data';

/** Widget calls (use-api keys), which a page's data sources may have made stale. */
const isWidgetCall = (key: unknown) => Array.isArray(key) && key[0] === 'api';

/**
 * Loads a document's named data sources in parallel. One failing source does not fail the
 * others; its value is null and its error is readable as {{data.<name>Error}}.
 *
 * Sources load alongside the widgets' own calls and may change what those read (visitIndex
 * completes the visit task and pays a chance): once they are done, the widget calls already
 * answered are read again, so no widget keeps showing the state from before the visit.
 */
export function usePageData(route: string, sources: Sources | undefined, scope: unknown) {
  const { api } = useServices();
  const { mutate: mutateCache } = useSWRConfig();
  const { data, isLoading, mutate } = useSWR(
    sources && Object.keys(sources).length > 0
      ? ['page-data', route, Object.keys(sources).join(',')]
      : null,
    async () => {
      const results = await loadAll(api, sources ?? {}, scope);
      void mutateCache(isWidgetCall);
      return results;
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const flat: Record<string, unknown> = {};
  for (const [name, result] of Object.entries(data ?? {})) {
    flat[name] = result.value;
    if (result.error) flat[`${name}Error`] = result.error;
  }
  // Answers whether there was anything to re-read (no sources: SWR's mutate has no key).
  const reload = useCallback(async () => (await mutate()) !== undefined, [mutate]);
  return { data: flat, isLoading, reload };
}
