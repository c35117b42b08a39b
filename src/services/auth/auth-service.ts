/**
 * spec §4, §6: the AuthService. Logged-in state comes from cookies; login goes through the
 * provider app's native account bridge, a third-party embed host, or the web login page.
 */
import { LOGIN_POLL_COUNT, LOGIN_POLL_INTERVAL_MS, WEB_LOGIN_PATH } from '../../spec/constants';
import type { CookieJar } from '../browser/cookies';
import type { AuthService, Clock, Environment, Logger, NativeBridge, Navigation } from '../types';
import type { EmbedHostLogin } from './embed-host';
import { hasLoginCookies, readUserId } from '../../contracts/site/login-cookies';
import { sameOriginUrl } from './same-origin-url';

export interface AuthDeps {
  cookies: Pick<CookieJar, 'get'>;
  navigation: Pick<Navigation, 'href' | 'host' | 'query' | 'assign' | 'reload'>;
  clock: Pick<Clock, 'setTimeout'>;
  env: Pick<Environment, 'inProviderApp' | 'inMessagingApp'>;
  bridge: Pick<NativeBridge, 'available' | 'login'>;
  /** Present when the page runs inside a third-party marketing embed (./embed-host.ts). */
  embedHost?: EmbedHostLogin | null;
  logger: Pick<Logger, 'report'>;
}

export interface LoginOptions {
  /** Where to return after a web login; anything not on this origin is replaced by this page. */
  requestUrl?: string;
}

export interface Auth extends AuthService {
  login(options?: LoginOptions): Promise<void>;
  /**
   * spec §4 real-login check. Inside the apps the session cookies are written by the app and
   * can arrive after the page starts, so the check waits for them (the login poll); elsewhere
   * it is the plain cookie check.
   */
  checkRealLogin(): Promise<boolean>;
}

/** The web login URL (spec §2, §4) with from, deepLinkEnable and a same-origin requestUrl. */
export function webLoginUrl(input: {
  pageHref: string;
  from: string;
  deepLinkEnable: boolean;
  requestUrl?: string | undefined;
}): string {
  const url = new URL(WEB_LOGIN_PATH, input.pageHref);
  url.searchParams.set('from', input.from);
  url.searchParams.set('deepLinkEnable', String(input.deepLinkEnable));
  url.searchParams.set('requestUrl', sameOriginUrl(input.requestUrl, input.pageHref));
  return url.href;
}

export function createAuthService(deps: AuthDeps): Auth {
  const isLoggedIn = () => hasLoginCookies(deps.cookies, deps.navigation.host());
  const sleep = (ms: number) => new Promise<void>((resolve) => deps.clock.setTimeout(resolve, ms));

  // spec §4: poll every 200 ms up to 15 times (about 3 s), then count as not logged in.
  const waitForLogin = async () => {
    if (isLoggedIn()) return true;
    for (let poll = 0; poll < LOGIN_POLL_COUNT; poll += 1) {
      await sleep(LOGIN_POLL_INTERVAL_MS);
      if (isLoggedIn()) return true;
    }
    return false;
  };

  /** Runs one login; true when the page is about to leave (reload or redirect). */
  const runLogin = async (options: LoginOptions): Promise<boolean> => {
    const requestUrl = sameOriginUrl(options.requestUrl, deps.navigation.href());
    if (deps.env.inProviderApp && deps.bridge.available) {
      if (!(await deps.bridge.login())) return false;
      if (await waitForLogin()) {
        deps.navigation.reload();
        return true;
      }
      deps.logger.report(new Error('Native login succeeded but no session cookies arrived'), {
        kind: 'login',
      });
      return false;
    }
    if (deps.embedHost) {
      if (!(await deps.embedHost.login(requestUrl))) return false;
      deps.navigation.reload();
      return true;
    }
    deps.navigation.assign(
      webLoginUrl({
        pageHref: deps.navigation.href(),
        from: deps.navigation.query().get('from') ?? '',
        // Messaging-app browsers block app schemes, so the login page must not try them.
        deepLinkEnable: !deps.env.inMessagingApp,
        requestUrl,
      }),
    );
    return true;
  };

  let running: Promise<void> | null = null;

  return {
    isLoggedIn,
    userId: () => (isLoggedIn() ? readUserId(deps.cookies) : null),
    waitForLogin,
    // spec §4: only one login at a time; concurrent calls share it. Once the page is leaving,
    // later calls get the same settled promise and never navigate again.
    login(options: LoginOptions = {}) {
      if (running) return running;
      const current = runLogin(options).then(
        (leaving) => {
          if (!leaving) running = null;
        },
        (error: unknown) => {
          running = null;
          throw error;
        },
      );
      running = current;
      return current;
    },
    checkRealLogin: () => (deps.env.inProviderApp ? waitForLogin() : Promise.resolve(isLoggedIn())),
  };
}
