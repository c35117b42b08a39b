import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ServicesProvider } from '../../services/context';
import type { Services } from '../../services/types';
import { snapshotView, type PrerenderSnapshot } from './prerender-snapshot';

/** Outside HydratingServices (tests of a widget alone) there is nothing to hydrate. */
const HydratedContext = createContext(true);

/**
 * False while the page is rendered on the server or hydrated from prerendered HTML, true in the
 * browser afterwards (and from the start in a page that was not prerendered).
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * Provides the services; while hydrating a prerendered page, as the prerender saw them (see
 * snapshotView), so the first render matches the HTML; then the real ones, so the page corrects
 * itself to the visitor (logged in, in an app, with a query). The correction is a transition:
 * React renders it in slices between which the browser stays responsive, as it hydrates.
 */
export function HydratingServices({
  services,
  snapshot,
  onHydrated,
  children,
}: {
  services: Services;
  snapshot: PrerenderSnapshot | null;
  /** Called once, after the commit that shows the real visitor (a prerendered page only). */
  onHydrated?: (() => void) | undefined;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(snapshot === null);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
    else if (snapshot) onHydrated?.();
    // Once: the first commit with hydrated set (later renders pass the same callback).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
  const view = useMemo(
    () => (snapshot ? snapshotView(services, snapshot) : services),
    [services, snapshot],
  );
  return (
    <HydratedContext.Provider value={hydrated}>
      <ServicesProvider services={hydrated ? services : view}>{children}</ServicesProvider>
    </HydratedContext.Provider>
  );
}
