import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useServices } from '../../services/context';
import type { ApiClient } from '../../services/types';
import { bindProps } from '../bindings/interpolate';
import { faultKind, markOffline, type FaultKind } from '../data/fault';

type Sources = Record<string, { call: string; params?: Record<string, unknown> | undefined }>;

export interface SourceResult {
  value: unknown;
  error: string | null;
  /** The failure was a fault of the network or the server (../data/fault.ts). */
  fault: FaultKind | null;
}

async function loadAll(
  api: ApiClient,
  sources: Sources,
  scope: unknown,
  isOnline: () => boolean,
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
        return [
          name,
          { value: envelope.result ?? envelope.value ?? null, error: null, fault: null },
        ];
      }
      const failure = markOffline(outcome.reason, isOnline());
      const reason = failure instanceof Error ? failure.message : String(failure);
      return [name, { value: null, error: reason, fault: faultKind(failure) }];
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
  const { api, navigation } = useServices();
  const { mutate: mutateCache } = useSWRConfig();
  const { data, isLoading, mutate } = useSWR(
    sources && Object.keys(sources).length > 0
      ? ['page-data', route, Object.keys(sources).join(',')]
      : null,
    async () => {
      const results = await loadAll(api, sources ?? {}, scope, () => navigation.isOnline());
      void mutateCache(isWidgetCall);
      return results;
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  // Once per answer, not per render: the page's scope (and every node's bindings) follow `flat`.
  const { flat, faults } = useMemo(() => {
    const values: Record<string, unknown> = {};
    /** Sources that failed with a fault, by name (the page shows a load error for them). */
    const failed: Record<string, FaultKind> = {};
    for (const [name, result] of Object.entries(data ?? {})) {
      values[name] = result.value;
      if (result.error) values[`${name}Error`] = result.error;
      if (result.fault) failed[name] = result.fault;
    }
    return { flat: values, faults: failed };
  }, [data]);
  // Answers whether there was anything to re-read (no sources: SWR's mutate has no key).
  const reload = useCallback(async () => (await mutate()) !== undefined, [mutate]);
  return { data: flat, faults, isLoading, reload };
}
