import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { routeLoaders } from 'virtual:campaign-routes';
import { preloadActionRuntime } from '../engine/actions/lazy-action-runtime';
import { isNotFoundSnapshot, readSnapshot } from '../engine/prerender/prerender-snapshot';
import { DocumentCache } from '../engine/routes/document-cache';
import { routeOfPathname } from '../contracts/site/route-table';
import { maybeLoadDebugConsole } from '../ui/debug-console';
import { preloadUiHost } from '../ui/lazy-ui-host';
import { createWidgetRegistry } from '../../widgets/client';
import { BrowserApp } from './app';
import type { EarlyTaps } from './first-load/early-taps';
import { createFirstLoad } from './first-load/first-load';
import { planFirstScreen, watchFirstScreen } from './first-load/first-screen';
import { prepareFirstRender } from './first-load/prepare-first-render';
import { BASE_PATH } from '../spec/constants';
import { createBrowserServices, prepareBrowser } from './browser-services';
import { checkRealLoginAtStart } from './real-login';
import { followAppTheme } from './theme-mode';
import { uiHostMounter } from './ui-host-root';

/** What the entry hands over on a prerendered page (boot.ts). */
export interface PrerenderedStart {
  types: ReadonlySet<string>;
  taps: EarlyTaps;
}

async function start(prerendered: PrerenderedStart | null): Promise<void> {
  const firstScreenTypes = prerendered?.types ?? null;
  const { services, ui, preload } = createBrowserServices();
  // spec §7: inside the apps the page follows the app's theme mode (before hydration).
  void followAppTheme(document.documentElement, services.env, services.bridge);
  // spec §4: inside the apps, a page that starts logged out waits for the app's cookies.
  void checkRealLoginAtStart(services);
  void maybeLoadDebugConsole(services.navigation.query());
  if (import.meta.env.DEV) {
    // The preview's environment bar: dev server only (a production build drops this branch),
    // and a chunk of its own like the debug console.
    import('./preview/preview-bar')
      .then(({ mountPreviewBar }) => mountPreviewBar(window, services))
      .catch((error: unknown) => services.logger.report(error, { kind: 'preview bar' }));
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const registry = createWidgetRegistry();
  const documents = new DocumentCache(routeLoaders, services.clock);
  const route = routeOfPathname(new URL(services.navigation.href()).pathname, BASE_PATH);
  const snapshot = readSnapshot(container);
  // The server sent its 404 page for this path: no document to ask for.
  if (snapshot && route !== null && isNotFoundSnapshot(snapshot)) documents.markMissing(route);
  // A prerendered page is painted: what is below its first screen waits (decision 0026).
  const deferred =
    snapshot && firstScreenTypes ? planFirstScreen(container, firstScreenTypes) : null;
  const firstLoad = createFirstLoad(deferred);
  // The page's first screen is already painted when it was prerendered (docs/architecture.md);
  // either way the document and its first widgets load before React renders, so it renders (or
  // hydrates) in one pass.
  await prepareFirstRender(route, { documents, registry, api: services.api, firstLoad });
  // Watching the waiting nodes starts now, in the same task as hydration; a tap held before the
  // page hydrated is replayed once both are done, so it can land on a waiting node's markup.
  const watched = deferred
    ? watchFirstScreen(container, deferred, services.clock, window)
    : Promise.resolve();
  const app = (
    <BrowserApp
      services={services}
      registry={registry}
      documents={documents}
      firstLoad={firstLoad}
      router={BrowserRouter}
      snapshot={snapshot}
      // The UI kit's root mounts once the page has committed (ui-host-root.tsx).
      onFirstCommit={uiHostMounter(document, ui, services.logger)}
      onHydrated={
        prerendered ? () => void watched.then(() => prerendered.taps.release()) : undefined
      }
    />
  );
  if (snapshot) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread until the whole page is hydrated: the page, already painted,
    // stays responsive (issue 10, total blocking time).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => services.logger.report(error, { kind: 'hydration' }),
      });
    });
  } else {
    createRoot(container).render(app);
  }

  // What a tap needs (the action runtime, deep links, the UI kit's components) loads when the
  // visitor first touches, presses a key or focuses something: a visitor who only looks never
  // downloads it, and a tap's finger-down comes before its click (decision 0016).
  services.clock.whenIntent(() => {
    preloadActionRuntime();
    preloadUiHost();
    preload();
  });
}

/**
 * Starts the app (called by the entry, boot.ts): every ordinary visit at once, the fake-bridge
 * preview once its fake is ready. On a prerendered page: the widget types its painted first screen
 * shows, and the taps held until it has hydrated.
 */
export function startApp(prerendered: PrerenderedStart | null): void {
  const run = () => start(prerendered);
  const prepared = prepareBrowser();
  if (prepared) void prepared.then(run, run);
  else void run();
}
