/**
 * File-based routes: campaigns/ mirrors the URL space under /mp/activity/ (spec §2).
 * campaigns/index.json is "/", campaigns/contract/record.json is "/contract/record",
 * campaigns/contract/index.json is "/contract". Files or folders whose name starts with "_"
 * (templates) are not routes.
 */

/** Route path for a file path relative to campaigns/ ("contract/record.json"), or null. */
export function fileToRoute(relativePath: string): string | null {
  const clean = relativePath.replace(/\\/g, '/').replace(/^\.?\//, '');
  if (!clean.endsWith('.json')) return null;
  const segments = clean.slice(0, -'.json'.length).split('/');
  if (segments.some((segment) => segment.startsWith('_') || segment === '')) return null;
  if (segments[segments.length - 1] === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** Normalizes a pathname below the base path to a route key: no trailing slash, "/" for root. */
export function normalizeRoutePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The route of a browser pathname under the base path ("/mp/activity/luckDraw" -> "/luckDraw"),
 * or null outside it. Case-insensitive, like react-router's basename.
 */
export function routeOfPathname(pathname: string, basePath: string): string | null {
  const base = basePath.replace(/\/+$/, '');
  if (pathname.toLowerCase() === base.toLowerCase()) return '/';
  if (!pathname.toLowerCase().startsWith(`${base.toLowerCase()}/`)) return null;
  return normalizeRoutePath(pathname.slice(base.length));
}
