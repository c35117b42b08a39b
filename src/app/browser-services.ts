/**
 * The composition root of the browser: every real service built once, in dependency order,
 * from the window. This is the only module (with the adapters in src/services/browser/ and the
 * lazily loaded parts in ./deferred/) that touches window globals; everything else receives
 * these through context.
 *
 * Services needed only after a user action or only in some environments (share, deep links, the
 * login flow, the native bridge's calls) load on first use through lazyService, so they are not
 * in any page's first load (docs/decisions/0008-first-load-budget.md). Their sync members stay
 * here: the logged-in check reads cookies, the bridge's presence reads the global.
 */
import { createApiClient } from '../services/api/api-client';
import {
  buildBizStatusPayload,
  buildCommonParams,
  type AppInfo,
} from '../services/api/common-params';
import { hasLoginCookies, readUserId } from '../contracts/site/login-cookies';
import type { BridgeWindow } from '../services/bridge/bridge-global';
import { bridgeSupports, readBridgeInfo } from '../services/bridge/bridge-global';
import { createBrowserClock } from '../services/browser/clock';
import { createDocumentCookies, createMemoryCookies } from '../services/browser/cookies';
import { lazyBeacons } from '../services/browser/lazy-beacons';
import { queryOtherAppVersions } from '../services/deep-link/other-app-version';
import { createBrowserLogger } from '../services/browser/logger';
import { createBrowserNavigation } from '../services/browser/navigation';
import { detectEnvironment } from '../contracts/env/detect';
import { createHttpClient } from '../services/http/http-client';
import { lazyService, lazyValue } from '../services/lazy-service';
import { createStorage } from '../services/storage/local-storage';
import type {
  AuthService,
  DeviceInfo,
  NativeBridge,
  Services,
  ShareService,
} from '../services/types';
import { withNativeUi } from '../ui/native-ui';
import { createUiController, type UiController } from '../ui/ui-controller';
import { overridesFromQuery, previewClockOffset, previewUserAgent } from './preview/overrides';
import { previewFetch } from './preview/preview-fetch';
import { previewLogin, syncOverridesWithTab } from './preview/preview-session';

/** The calls whose payload carries the device info (spec §3 "Device info sent with status calls"). */
const STATUS_CALLS: ReadonlySet<string> = new Set([
  'configActivity.bizStatus',
  'configActivity.bizStatusList',
]);

export interface BrowserServices {
  services: Services;
  ui: UiController;
  /**
   * Loads the lazily loaded services a tap may need at once (deep links must launch inside the
   * tap's user activation), for the app to call when the page is idle.
   */
  preload(): void;
}

function newTrackId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
  );
}

/*
 * Every debug switch (?fakeBridge, ?fakeDate, ?fakeHost, ?preview and the preview's bar and test
 * login, src/app/preview/) is dev-server only, never in a production build, whatever the address
 * says (issue 35: `?preview&fakeBridge=wallet` opened a payV2 order on a production build). Each
 * use below tests `import.meta.env.DEV` in place, which a production build replaces with
 * `false`: the bundler then drops the branch and the fake bridge and preview modules with it
 * (browser-services.test.ts checks the guard; tests/e2e/debug-switches.spec.ts checks the built
 * app). End-to-end tests put the fake bridge on the window themselves, before the page's
 * scripts, as the provider's app puts the real one (tests/e2e/fake-bridge.ts).
 */

/**
 * What must happen before the services are built, or null when nothing must (every ordinary
 * visit, and every visit of a production build): on the dev server, ?fakeBridge=<app> previews
 * the in-app experience in a desktop browser by putting a fake on the window, never over a real
 * bridge, before the environment is detected. The fake loads only then. The tab's remembered
 * overrides return to the address first, and the fake's login signs the preview's test user in
 * (as the app would write its cookies).
 */
export function prepareBrowser(win: Window = window): Promise<void> | null {
  if (!import.meta.env.DEV) return null;
  syncOverridesWithTab(win);
  const query = new URLSearchParams(win.location.search);
  if (!query.has('fakeBridge')) return null;
  return Promise.all([
    import('../services/bridge/fake-bridge'),
    import('../services/bridge/sandbox-cashier'),
  ]).then(([{ installFakeBridgeFromQuery }, { sandboxCashierHandler }]) => {
    // The fake's cashier completes orders through the reference server's sandbox cashier, on
    // the tab's preview date like the page's other calls (an order's expiry is on that clock).
    const offset = previewClockOffset(overridesFromQuery(query));
    const fetch = win.fetch.bind(win);
    const pay = sandboxCashierHandler(
      offset === null ? fetch : previewFetch(fetch, offset, win.location.origin),
    );
    installFakeBridgeFromQuery(win as unknown as BridgeWindow, query, true, {
      handlers: { pay, payV2: pay },
      onLogin: () => void previewLogin(win),
    });
  });
}

export function createBrowserServices(win: Window = window): BrowserServices {
  // Dev server only (see above): null in every production build.
  const overrides = import.meta.env.DEV
    ? overridesFromQuery(new URLSearchParams(win.location.search))
    : null;
  const offset = overrides && previewClockOffset(overrides);
  const clock =
    typeof offset === 'number'
      ? createBrowserClock(undefined, () => Date.now() + offset)
      : createBrowserClock();
  const ui = createUiController(clock);
  const navigation = createBrowserNavigation(win);
  const beacons = {
    release: import.meta.env.VITE_RELEASE ?? 'dev',
    clock,
    send: (url: string, body: Blob | string) => win.navigator.sendBeacon?.(url, body) ?? false,
    onHidden: (flush: () => void) => {
      win.addEventListener('pagehide', flush);
      win.document.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState === 'hidden') flush();
      });
    },
  };
  // spec §8 row 3: errors reach the error-reporting service as batched beacons; spec §4: share
  // results (and documents' track actions) reach the event counter the same way.
  const logger = createBrowserLogger({
    send: lazyBeacons({ ...beacons, page: () => win.location.pathname }),
  });
  const cookies = createDocumentCookies(win.document);
  const query = navigation.query();
  const bridgeWindow = win as unknown as BridgeWindow;

  const bridge: NativeBridge = {
    get available() {
      return bridgeWindow.MiFinanceBridge !== undefined;
    },
    supports: (method) => bridgeSupports(bridgeWindow, method),
    ...lazyService(
      () =>
        import('../services/bridge/native-bridge').then(({ createNativeBridge }) =>
          createNativeBridge({ win: bridgeWindow, clock, ui: ui.service }),
        ),
      [
        'deviceInfo',
        'location',
        'login',
        'share',
        'pay',
        'showLoading',
        'toast',
        'closePage',
        'themeMode',
        'saveImage',
        'launchMiniProgram',
        'appVersions',
      ],
    ),
  };
  const env = detectEnvironment(
    overrides ? previewUserAgent(win.navigator.userAgent, overrides) : win.navigator.userAgent,
    readBridgeInfo(bridgeWindow),
  );
  // spec §7: inside the provider's apps plain toasts and the loading are the app's (src/ui/native-ui.ts);
  // the bridge itself falls back to the web kit, ui.service, never to this.
  const uiService = withNativeUi({ web: ui.service, bridge, inProviderApp: env.inProviderApp });

  // spec §4: logged in = the login cookies; the same check the full auth service makes.
  const isLoggedIn = () => hasLoginCookies(cookies, navigation.host());
  const auth: AuthService = {
    isLoggedIn,
    userId: () => (isLoggedIn() ? readUserId(cookies) : null),
    ...lazyService(
      () =>
        import('./deferred/auth').then(({ createBrowserAuth }) =>
          createBrowserAuth(win, query, { cookies, navigation, clock, env, bridge, logger }),
        ),
      ['login', 'waitForLogin', 'checkRealLogin'],
    ),
  };

  const trackId = newTrackId();
  const http = createHttpClient({
    fetch:
      typeof offset === 'number'
        ? previewFetch((input, init) => win.fetch(input, init), offset, win.location.origin)
        : (input, init) => win.fetch(input, init),
    clock,
    navigation,
    auth,
    logger,
    cookies,
    trackId,
  });
  // spec §3: every call carries the common params; the seven app fields only inside the
  // provider's apps, from what the app reports in its device info (asked once).
  const appInfo = lazyValue(async (): Promise<AppInfo> => {
    if (!env.inProviderApp) return {};
    // The fields' reader is a chunk of its own (only the apps need it), fetched beside the bridge.
    const [{ appInfoOf }, device] = await Promise.all([
      import('../services/api/app-info'),
      // A bridge that cannot load still leaves the app and version we detected.
      bridge.deviceInfo().catch((): DeviceInfo => ({})),
    ]);
    return appInfoOf(env, device);
  });
  // The channel and shareCode are the visit's: the landing address's, unless the current one
  // names its own (an in-app navigation drops the query).
  const channelQuery = () => {
    const current = navigation.query();
    for (const key of ['from', 'shareCode']) {
      const landing = query.get(key);
      if (!current.has(key) && landing !== null) current.set(key, landing);
    }
    return current;
  };
  // spec §3, §5: other apps' versions in userExtra; the bridge is asked once, above the gate only.
  const otherApps = lazyValue(() => queryOtherAppVersions(env, bridge));
  const common = async () =>
    buildCommonParams({
      env,
      query: channelQuery(),
      appInfo: await appInfo.get(),
      installedAppVersions: await otherApps.get(),
    });
  // spec §3, §7: the status calls also carry the device info and location (the bridge's, or its
  // browser fallbacks: no device fields, the OS as miuiRomType, no coordinates).
  const statusPayload = async () => {
    const [device, location] = await Promise.all([bridge.deviceInfo(), bridge.location()]);
    return buildBizStatusPayload({ common: await common(), env, device, location });
  };
  const api = createApiClient({
    http,
    commonParams: (name) => (STATUS_CALLS.has(name) ? statusPayload() : common()),
  });

  const deepLinkImpl = lazyValue(() =>
    import('./deferred/deep-link').then(({ createBrowserDeepLink }) =>
      createBrowserDeepLink(win, {
        clock,
        navigation,
        logger,
        notify: (message) => uiService.toast(message),
      }),
    ),
  );
  const deepLink = lazyService(deepLinkImpl, ['open']);

  // Captured now: the messaging app signs the address the page was opened at.
  const landingUrl = navigation.href();
  const share: ShareService = {
    ...lazyService(
      () =>
        import('./deferred/share').then(({ createBrowserShare }) =>
          createBrowserShare({
            win,
            api,
            clock,
            env,
            navigation,
            logger,
            bridge,
            ui: uiService,
            landingUrl,
          }),
        ),
      ['share', 'saveImage'],
    ),
    // Not deferred: the clipboard takes the text only within the tap's user activation.
    copyText: (text) => win.navigator.clipboard.writeText(text),
  };
  const storage = {
    ...createStorage({ localStorage: () => win.localStorage, cookies, clock }),
    // Per tab: a jar in memory, never the real cookies, when session storage is unavailable.
    session: createStorage({
      localStorage: () => win.sessionStorage,
      cookies: createMemoryCookies(),
      clock,
    }),
  };
  return {
    services: {
      api,
      bridge,
      auth,
      deepLink,
      share,
      storage,
      clock,
      navigation,
      logger,
      ui: uiService,
      env,
    },
    ui,
    preload: () => void deepLinkImpl.get().catch(() => undefined),
  };
}
