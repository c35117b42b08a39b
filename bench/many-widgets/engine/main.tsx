/**
 * The render-cost bench's engine page (issue 10, point 4): the app's boot (src/app/main.tsx and
 * the tree of src/app/app.tsx) for a route table holding only the 500-widget document, rendered
 * in the browser. Its HTML is the empty loading screen and nothing here hydrates, so the bench
 * measures the engine building every node on the client, never a prerendered page. The tree is
 * composed here from the engine's own pieces (not src/app/app.tsx, whose props change with
 * prerendering): services, widget registry, SWR, the router, the route; the UI kit's host is a
 * root of its own, and the idle preloads run as in the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { routeLoaders } from 'virtual:campaign-routes';
import { createBrowserServices } from '../../../src/app/browser-services';
import { preloadActionRuntime } from '../../../src/engine/actions/lazy-action-runtime';
import { WidgetRegistryProvider } from '../../../src/engine/registry/widget-registry';
import { CampaignRoute } from '../../../src/engine/routes/campaign-route';
import { DocumentCache } from '../../../src/engine/routes/document-cache';
import { prepareFirstRender } from '../../../src/engine/routes/prepare-first-render';
import { routeOfPathname } from '../../../src/engine/routes/route-table';
import { ScrollManager } from '../../../src/engine/routes/scroll-manager';
import { ServicesProvider } from '../../../src/services/context';
import { BASE_PATH } from '../../../src/spec/constants';
import { LazyUiHost, preloadUiHost } from '../../../src/ui/lazy-ui-host';
import { createWidgetRegistry } from '../../../widgets/client';
import '../../../src/app/global.css';

async function start(): Promise<void> {
  // Phases for the bench's breakdown: the entry has run, then the document and first chunks.
  performance.mark('bench:start');
  const { services, ui, preload } = createBrowserServices();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const registry = createWidgetRegistry();
  const documents = new DocumentCache(routeLoaders, services.clock);
  await prepareFirstRender(
    routeOfPathname(new URL(services.navigation.href()).pathname, BASE_PATH),
    { documents, registry, api: services.api },
  );
  performance.mark('bench:prepared');
  createRoot(container).render(
    <StrictMode>
      <ServicesProvider services={services}>
        <WidgetRegistryProvider registry={registry}>
          <SWRConfig value={{ provider: () => new Map() }}>
            <BrowserRouter basename={BASE_PATH.replace(/\/$/, '')}>
              <ScrollManager />
              <CampaignRoute cache={documents} />
            </BrowserRouter>
          </SWRConfig>
        </WidgetRegistryProvider>
      </ServicesProvider>
    </StrictMode>,
  );
  const overlay = document.createElement('div');
  document.body.append(overlay);
  createRoot(overlay).render(
    <LazyUiHost
      controller={ui}
      onError={(error) => services.logger.report(error, { kind: 'ui kit' })}
    />,
  );
  services.clock.whenIdle(() => {
    preloadActionRuntime();
    preloadUiHost();
    preload();
  });
}

void start();
