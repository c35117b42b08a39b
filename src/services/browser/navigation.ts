import type { Navigation } from '../types';

/** The parts of `window` the navigation service reads; tests pass a stand-in. */
export interface LocationHost {
  location: Pick<
    Location,
    'href' | 'host' | 'pathname' | 'search' | 'assign' | 'replace' | 'reload'
  >;
  navigator?: Pick<Navigator, 'onLine'>;
  addEventListener?: (type: 'online', listener: () => void) => void;
  removeEventListener?: (type: 'online', listener: () => void) => void;
}

/** The real Navigation over `window.location`. Callers validate targets before assign/replace. */
export function createBrowserNavigation(host: LocationHost = window): Navigation {
  const location = host.location;
  return {
    href: () => location.href,
    host: () => location.host,
    pathname: () => location.pathname,
    query: () => new URLSearchParams(location.search),
    assign: (url) => location.assign(url),
    replace: (url) => location.replace(url),
    reload: () => location.reload(),
    isOnline: () => host.navigator?.onLine !== false,
    onceOnline: (fn) => {
      const listener = () => {
        host.removeEventListener?.('online', listener);
        fn();
      };
      host.addEventListener?.('online', listener);
      return () => host.removeEventListener?.('online', listener);
    },
  };
}
