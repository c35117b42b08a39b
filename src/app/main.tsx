import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeLoaders } from 'virtual:campaign-routes';
import { preloadActionRuntime } from '../engine/actions/lazy-action-runtime';
import { maybeLoadDebugConsole } from '../ui/debug-console';
import { LazyUiHost, preloadUiHost } from '../ui/lazy-ui-host';
import { createWidgetRegistry } from '../../widgets/client';
import { App } from './app';
import { createBrowserServices, prepareBrowser } from './browser-services';

function start(): void {
  const { services, ui, preload } = createBrowserServices();
  void maybeLoadDebugConsole(services.navigation.query());

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App
        services={services}
        registry={createWidgetRegistry()}
        routes={routeLoaders}
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

// Every ordinary visit starts synchronously; only the fake-bridge preview waits for its fake.
const prepared = prepareBrowser();
if (prepared) void prepared.then(start, start);
else start();
