/**
 * The render-cost bench's engine page (issue 10, point 4): the app's start-up (src/app/main.tsx,
 * reached from ./boot.ts as the app's is) for a route table holding only the 500-widget document,
 * rendered in the browser. Its HTML is the empty loading screen and no snapshot is passed, so
 * the engine builds every node on the client (createRoot, never a prerendered page's hydration).
 * Kept to the steps main.tsx takes for such a page: services, widget registry, document cache,
 * prepareFirstRender, the App and the UI kit's own root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { routeLoaders } from 'virtual:campaign-routes';
import { App } from '../../../src/app/app';
import { createBrowserServices } from '../../../src/app/browser-services';
import { DocumentCache } from '../../../src/engine/routes/document-cache';
import { prepareFirstRender } from '../../../src/app/first-load/prepare-first-render';
import { routeOfPathname } from '../../../src/contracts/site/route-table';
import { BASE_PATH } from '../../../src/spec/constants';
import { uiHostMounter } from '../../../src/app/ui-host-root';
import { createWidgetRegistry } from '../../../widgets/client';

export async function startApp(): Promise<void> {
  // Phases for the bench's breakdown: the app has started; then (prepared) the document and the
  // first render's chunks are loaded and React is about to render.
  performance.mark('bench:start');
  const { services, ui } = createBrowserServices();
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
      <App
        onFirstCommit={uiHostMounter(document, ui, services.logger)}
        services={services}
        registry={registry}
        documents={documents}
        router={BrowserRouter}
        snapshot={null}
      />
    </StrictMode>,
  );
  // The app loads what a tap needs at the visitor's first touch (decision 0016); the bench never
  // touches the page, so that load never starts here either.
}
