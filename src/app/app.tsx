import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { DocumentCache } from '../engine/routes/document-cache';
import { CampaignRoute } from '../engine/routes/campaign-route';
import { ScrollManager } from '../engine/routes/scroll-manager';
import { HydratingServices } from '../engine/prerender/hydration';
import type { PrerenderSnapshot } from '../engine/prerender/prerender-snapshot';
import { WidgetRegistryProvider, type WidgetRegistry } from '../engine/registry/widget-registry';
import { FirstLoadContext } from '../engine/render/first-load';
import type { Services } from '../services/types';
import { BASE_PATH } from '../spec/constants';
import { NOTHING_WAITS, type AppFirstLoad } from './first-load/first-load';
import './global.css';

export interface AppProps {
  services: Services;
  registry: WidgetRegistry;
  /** The campaign documents by route (one lazy chunk each). */
  documents: DocumentCache;
  /**
   * react-router's router: BrowserRouter in the browser, StaticRouter when a page is prerendered
   * (passed in, so the browser's bundle carries no server router).
   */
  router: ComponentType<{ basename: string; children: ReactNode }>;
  /**
   * How widget chunks load and what nodes show meanwhile (./first-load/): on a prerendered page,
   * with the nodes that wait below its first screen; by default, none waits.
   */
  firstLoad?: AppFirstLoad;
  /** Set when the page hydrates prerendered HTML (or is being prerendered): what it was made of. */
  snapshot?: PrerenderSnapshot | null;
  /** Called once the prerendered page has hydrated and shows the real visitor. */
  onHydrated?: (() => void) | undefined;
  /**
   * Called after the first commit (a passive effect). The UI kit's root mounts there: a React
   * root listens to every event type on its container as it is created, work that need not come
   * before the page's content (docs/perf.md, render cost). A hook here, not a sibling component:
   * a sibling would give the page's tree another shape than the prerender's, and every `useId`
   * in it another id than the HTML's (a hydration mismatch).
   */
  onFirstCommit?: (() => void) | undefined;
}

/**
 * The whole app: services and widgets from context; the URL resolves to a campaign file. No
 * <Routes>: campaigns/ is the route table, and react-router's matching would only add to the
 * first load (docs/perf.md).
 */
export function App({
  services,
  registry,
  documents,
  router: Router,
  firstLoad = NOTHING_WAITS,
  snapshot = null,
  onHydrated,
  onFirstCommit,
}: AppProps) {
  // Once: later renders of the app pass the same callback.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onFirstCommit?.(), []);
  return (
    <HydratingServices services={services} snapshot={snapshot} onHydrated={onHydrated}>
      <WidgetRegistryProvider registry={registry}>
        <FirstLoadContext.Provider value={firstLoad}>
          <SWRConfig value={{ provider: () => new Map() }}>
            <Router basename={BASE_PATH.replace(/\/$/, '')}>
              <ScrollManager />
              <CampaignRoute cache={documents} />
            </Router>
          </SWRConfig>
        </FirstLoadContext.Provider>
      </WidgetRegistryProvider>
    </HydratingServices>
  );
}

/**
 * The browser's root (main.tsx): the app in StrictMode and nothing beside it. Its tree has the
 * prerender's shape (prerender-page.tsx renders App alone), which every `useId` depends on.
 */
export function BrowserApp(props: AppProps) {
  return (
    <StrictMode>
      <App {...props} />
    </StrictMode>
  );
}
