import { PLAIN_MOBILE_BROWSER } from '../../contracts/env/plain-browser';
import type { Services } from '../../services/types';
import { PRERENDER_ATTRIBUTE } from '../../contracts/site/prerender-attribute';

/**
 * What a prerendered page was rendered against, written into its HTML so the browser's first
 * (hydrating) render sees exactly the same: React must find the markup it would have made.
 * Everything else a render reads is fixed for every prerender: a plain mobile browser, logged out
 * unless `loggedIn` says otherwise (no user is known at build time, so no user id either).
 */
export interface PrerenderSnapshot {
  /** The page's address at build time (its path under the base path, no query). */
  href: string;
  /** The build's clock: time conditions are evaluated at this instant. */
  now: number;
  /**
   * Rendered for a logged-in visitor (the page the server sends a request with the login
   * cookies: decision 0026, amended in session 15): login-dependent parts show their loading state, never a login
   * prompt. Absent for the logged-out page, whose HTML stays as it was.
   */
  loggedIn?: true;
}

/** A build has no host: prerendered pages are rendered at this origin (never fetched). */
export const PRERENDER_ORIGIN = 'https://prerender.invalid';

/** The path the 404 page is prerendered at, below the base path (no route can have it). */
export const NOT_FOUND_PAGE_PATH = '__not-found__';

/** Whether the snapshot is the 404 page's (served for any path that is not a route). */
export function isNotFoundSnapshot(snapshot: PrerenderSnapshot): boolean {
  return new URL(snapshot.href).pathname.endsWith(`/${NOT_FOUND_PAGE_PATH}`);
}

/** Reads the snapshot of a prerendered root; null for a plain root (render, do not hydrate). */
export function readSnapshot(root: Element): PrerenderSnapshot | null {
  const raw = root.getAttribute(PRERENDER_ATTRIBUTE);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PrerenderSnapshot>;
    if (typeof value.href !== 'string' || typeof value.now !== 'number') return null;
    return value.loggedIn === true
      ? { href: value.href, now: value.now, loggedIn: true }
      : { href: value.href, now: value.now };
  } catch {
    return null;
  }
}

/**
 * The services as a render of the snapshot sees them: the render-time reads (login, environment,
 * address, clock) answer as they did at build time; everything a tap or an effect uses is the
 * real service. Widgets only read those four while rendering (a test renders each on the server).
 */
export function snapshotView(services: Services, snapshot: PrerenderSnapshot): Services {
  const url = new URL(snapshot.href);
  return {
    ...services,
    env: PLAIN_MOBILE_BROWSER,
    auth: { ...services.auth, isLoggedIn: () => snapshot.loggedIn === true, userId: () => null },
    clock: { ...services.clock, now: () => snapshot.now },
    navigation: {
      ...services.navigation,
      href: () => url.href,
      host: () => url.host,
      pathname: () => url.pathname,
      query: () => new URLSearchParams(),
    },
  };
}
