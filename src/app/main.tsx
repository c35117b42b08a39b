import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeLoaders } from 'virtual:campaign-routes';
import { preloadActionRuntime } from '../engine/actions/lazy-action-runtime';
import { maybeLoadDebugConsole } from '../ui/debug-console';
import { LazyUiHost, preloadUiHost } from '../ui/lazy-ui-host';
import { createWidgetRegistry } from '../../widgets/client';
import { App } from './app';
import { createBrowserServices, prepareBrowser } from './browser-services';

/** Ours: how long the preload below waits at most for an idle moment after the load event. */
const PRELOAD_IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `task` once the page has loaded and the main thread is idle: what a tap needs at once
 * (the action runtime, deep links, the UI kit's components) arrives before the first tap without
 * competing with the page's own chunks (docs/decisions/0008-first-load-budget.md).
 */
function whenLoadedAndIdle(win: Window, task: () => void): void {
  const schedule = () => {
    if (typeof win.requestIdleCallback === 'function') {
      win.requestIdleCallback(task, { timeout: PRELOAD_IDLE_TIMEOUT_MS });
    } else {
      win.setTimeout(task, 0);
    }
  };
  if (win.document.readyState === 'complete') schedule();
  else win.addEventListener('load', schedule, { once: true });
}

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

  whenLoadedAndIdle(window, () => {
    preloadActionRuntime();
    preloadUiHost();
    preload();
  });
}

// Every ordinary visit starts synchronously; only the fake-bridge preview waits for its fake.
const prepared = prepareBrowser();
if (prepared) void prepared.then(start, start);
else start();
