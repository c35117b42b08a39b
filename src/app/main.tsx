import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeLoaders } from 'virtual:campaign-routes';
import { preloadActionRuntime } from '../engine/actions/lazy-action-runtime';
import { DocumentCache } from '../engine/routes/document-cache';
import { prepareFirstRender } from '../engine/routes/prepare-first-render';
import { routeOfPathname } from '../engine/routes/route-table';
import { maybeLoadDebugConsole } from '../ui/debug-console';
import { LazyUiHost, preloadUiHost } from '../ui/lazy-ui-host';
import { createWidgetRegistry } from '../../widgets/client';
import { App } from './app';
import { BASE_PATH } from '../spec/constants';
import { createBrowserServices, prepareBrowser } from './browser-services';

async function start(): Promise<void> {
  const { services, ui, preload } = createBrowserServices();
  void maybeLoadDebugConsole(services.navigation.query());

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const registry = createWidgetRegistry();
  const documents = new DocumentCache(routeLoaders, services.clock);
  // index.html shows the loading screen meanwhile; the page then renders in one pass.
  await prepareFirstRender(
    routeOfPathname(new URL(services.navigation.href()).pathname, BASE_PATH),
    {
      documents,
      registry,
      api: services.api,
    },
  );
  createRoot(container).render(
    <StrictMode>
      <App
        services={services}
        registry={registry}
        documents={documents}
        overlay={
          <LazyUiHost
            controller={ui}
            onError={(error) => services.logger.report(error, { kind: 'ui kit' })}
          />
        }
      />
    </StrictMode>,
  );

  // What a tap needs at once (the action runtime, deep links, the UI kit's components) arrives
  // before the first tap without competing with the page's own chunks (decision 0008).
  services.clock.whenIdle(() => {
    preloadActionRuntime();
    preloadUiHost();
    preload();
  });
}

// Every ordinary visit starts at once; only the fake-bridge preview waits for its fake.
const prepared = prepareBrowser();
if (prepared) void prepared.then(start, start);
else void start();
