import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ServicesProvider } from '../../services/context';
import type { Services } from '../../services/types';
import { snapshotView, type PrerenderSnapshot } from './prerender-snapshot';

const neverChanges = () => () => undefined;

/**
 * False while the page is rendered on the server or hydrated from prerendered HTML, true in the
 * browser afterwards (and at once in a page that was not prerendered). React renders the
 * hydration pass with the server value and re-renders right after with the client's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * Provides the services; while hydrating a prerendered page, as the prerender saw them (see
 * snapshotView), so the first render matches the HTML; then the real ones, so the page corrects
 * itself to the visitor (logged in, in an app, with a query) in the next render.
 */
export function HydratingServices({
  services,
  snapshot,
  children,
}: {
  services: Services;
  snapshot: PrerenderSnapshot | null;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const view = useMemo(
    () => (snapshot ? snapshotView(services, snapshot) : services),
    [services, snapshot],
  );
  return <ServicesProvider services={hydrated ? services : view}>{children}</ServicesProvider>;
}
