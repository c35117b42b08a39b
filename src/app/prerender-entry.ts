/**
 * The build-time renderer (the `ssr` environment of vite.config.ts) over the app's own route
 * table; src/build/prerender.ts loads it once the browser build is written.
 */
import { routeLoaders } from 'virtual:campaign-routes';
import { routes as routeList } from 'virtual:campaign-route-list';
import { prerenderPage, type PrerenderedPage } from './prerender-page';

/** Every route with a document, redirects included (those render to null). */
export const routes: readonly string[] = routeList;

export function renderRoute(
  route: string | null,
  now: number,
  visitor?: { loggedIn: boolean },
): Promise<PrerenderedPage | null> {
  return prerenderPage(routeLoaders, route, now, visitor);
}
