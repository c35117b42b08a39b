import type { LandingName } from './landing-alias';
import type { RedirectSpec } from './redirect-target';

/**
 * The build's list of routes, written next to index.html: every campaign document under
 * campaigns/ (not `_templates/`) is a route (spec §2), and a redirect document also carries its
 * `redirect`, so the server answers 404 for any other path and 302 where it can decide a
 * redirect itself (docs/server.md). Written by the campaigns Vite plugin, read by the server.
 */
export const ROUTES_FILE = 'routes.json';

export type { RedirectSpec };

export interface RouteList {
  /** Route keys as the client's route table has them ("/", "/contract/record"), sorted. */
  routes: string[];
  /** Route -> the redirect of its document, for redirect documents only. */
  redirects: Record<string, RedirectSpec>;
  /** Route -> the landing page it stands for (a document's `landing`, landing-alias.ts). */
  landings: Record<string, LandingName>;
}

export function routeList(
  routes: Iterable<string>,
  redirects: ReadonlyMap<string, RedirectSpec>,
  landings: ReadonlyMap<string, LandingName> = new Map(),
): RouteList {
  const sortedRedirects = [...redirects].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    routes: [...new Set(routes)].sort(),
    redirects: Object.fromEntries(sortedRedirects),
    landings: Object.fromEntries([...landings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}
