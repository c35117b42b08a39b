import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { DocumentCache } from '../engine/routes/document-cache';
import { CampaignRoute } from '../engine/routes/campaign-route';
import { ScrollManager } from '../engine/routes/scroll-manager';
import { WidgetRegistryProvider, type WidgetRegistry } from '../engine/registry/widget-registry';
import { ServicesProvider } from '../services/context';
import type { Services } from '../services/types';
import { BASE_PATH } from '../spec/constants';
import './global.css';

export interface AppProps {
  services: Services;
  registry: WidgetRegistry;
  /** The campaign documents by route (one lazy chunk each). */
  documents: DocumentCache;
  /** The ui kit's host (toasts, dialogs, loading), rendered beside the routes. */
  overlay?: React.ReactNode;
}

/**
 * The whole app: services and widgets from context; the URL resolves to a campaign file. No
 * <Routes>: campaigns/ is the route table, and react-router's matching would only add to the
 * first load (docs/perf.md).
 */
export function App({ services, registry, documents, overlay }: AppProps) {
  return (
    <ServicesProvider services={services}>
      <WidgetRegistryProvider registry={registry}>
        <SWRConfig value={{ provider: () => new Map() }}>
          <BrowserRouter basename={BASE_PATH.replace(/\/$/, '')}>
            <ScrollManager />
            <CampaignRoute cache={documents} />
          </BrowserRouter>
          {overlay}
        </SWRConfig>
      </WidgetRegistryProvider>
    </ServicesProvider>
  );
}
