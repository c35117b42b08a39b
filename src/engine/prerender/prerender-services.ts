import { PLAIN_MOBILE_BROWSER } from '../../contracts/env/plain-browser';
import type { Services } from '../../services/types';
import type { PrerenderSnapshot } from './prerender-snapshot';

/** Anything a prerender must not do (a call, a navigation, a share) fails loudly at build time. */
function notAtBuildTime(what: string): never {
  throw new Error(`prerender: ${what} is not available while a page is prerendered`);
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/**
 * The services of a build-time render: a visitor in a plain mobile browser, logged out unless
 * the snapshot says `loggedIn` (then with no user id: none is known at build time), at the
 * snapshot's address and instant, with no network (data-bound parts render their loading state,
 * as a first visit shows them before the data arrives). `reports` collects what widgets reported:
 * the build fails on any, so a widget that breaks on the server is found before it ships.
 */
export function createPrerenderServices(
  snapshot: PrerenderSnapshot,
): Services & { reports: { error: unknown; context?: Record<string, unknown> }[] } {
  const url = new URL(snapshot.href);
  const reports: { error: unknown; context?: Record<string, unknown> }[] = [];
  const noTimer = () => () => undefined;
  return {
    reports,
    // Effects never run on the server, so a call here is made while rendering: never answer it.
    api: { call: never },
    bridge: {
      available: false,
      supports: () => false,
      deviceInfo: () => notAtBuildTime('the native bridge'),
      location: () => notAtBuildTime('the native bridge'),
      login: () => notAtBuildTime('the native bridge'),
      share: () => notAtBuildTime('the native bridge'),
      pay: () => notAtBuildTime('the native bridge'),
      showLoading: () => notAtBuildTime('the native bridge'),
      toast: () => notAtBuildTime('the native bridge'),
      closePage: () => notAtBuildTime('the native bridge'),
      themeMode: () => notAtBuildTime('the native bridge'),
      saveImage: () => notAtBuildTime('the native bridge'),
      launchMiniProgram: () => notAtBuildTime('the native bridge'),
      appVersions: () => notAtBuildTime('the native bridge'),
    },
    auth: {
      isLoggedIn: () => snapshot.loggedIn === true,
      userId: () => null,
      waitForLogin: async () => snapshot.loggedIn === true,
      checkRealLogin: async () => snapshot.loggedIn === true,
      login: () => notAtBuildTime('login'),
    },
    deepLink: { open: () => notAtBuildTime('a deep link') },
    share: {
      share: () => notAtBuildTime('share'),
      saveImage: () => notAtBuildTime('share'),
      copyText: () => notAtBuildTime('the clipboard'),
    },
    storage: {
      get: () => notAtBuildTime('storage (read it in an effect, not while rendering)'),
      set: () => notAtBuildTime('storage'),
      remove: () => notAtBuildTime('storage'),
    },
    clock: {
      now: () => snapshot.now,
      setTimeout: noTimer,
      setInterval: noTimer,
      whenIdle: noTimer,
      whenIntent: noTimer,
    },
    navigation: {
      href: () => url.href,
      host: () => url.host,
      pathname: () => url.pathname,
      query: () => new URLSearchParams(),
      assign: () => notAtBuildTime('navigation'),
      replace: () => notAtBuildTime('navigation'),
      reload: () => notAtBuildTime('navigation'),
      isOnline: () => notAtBuildTime('navigation'),
      onceOnline: () => notAtBuildTime('navigation'),
    },
    logger: {
      report: (error, context) => void reports.push(context ? { error, context } : { error }),
      track: () => undefined,
      info: () => undefined,
    },
    ui: {
      toast: () => notAtBuildTime('a toast'),
      confirm: () => notAtBuildTime('a dialog'),
      loading: () => undefined,
      menuGuide: () => notAtBuildTime('the share guide'),
    },
    env: PLAIN_MOBILE_BROWSER,
  };
}
