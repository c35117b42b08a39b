/**
 * The composition root of the browser: every real service built once, in dependency order,
 * from the window. This is the only module (with the adapters in src/services/browser/) that
 * touches window globals; everything else receives these through context.
 */
import { createApiClient } from '../services/api/api-client';
import { createAuthService } from '../services/auth/auth-service';
import { createEmbedHostLogin, type EmbedWindow } from '../services/auth/embed-host';
import type { BridgeWindow } from '../services/bridge/bridge-global';
import { readBridgeInfo } from '../services/bridge/bridge-global';
import { installFakeBridgeFromQuery } from '../services/bridge/fake-bridge';
import { createNativeBridge } from '../services/bridge/native-bridge';
import { createBrowserClock } from '../services/browser/clock';
import { createDocumentCookies } from '../services/browser/cookies';
import { createBrowserLogger } from '../services/browser/logger';
import { createBrowserNavigation } from '../services/browser/navigation';
import { createDeepLinkService } from '../services/deep-link/deep-link-service';
import {
  createIframeLauncher,
  createLocationLauncher,
  documentHiddenReader,
} from '../services/deep-link/launcher';
import { detectEnvironment } from '../services/env/detect';
import { createHttpClient } from '../services/http/http-client';
import { createShareService } from '../services/share/share-service';
import { applyWechatShare } from '../services/share/wechat-config';
import { createWechatSdkAdapter } from '../services/share/wechat-sdk-browser';
import { createStorage } from '../services/storage/local-storage';
import type { Services } from '../services/types';
import { createUiController, type UiController } from '../ui/ui-controller';

export interface BrowserServices {
  services: Services;
  ui: UiController;
}

function newTrackId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
  );
}

export function createBrowserServices(win: Window = window): BrowserServices {
  const clock = createBrowserClock();
  const ui = createUiController(clock);
  const navigation = createBrowserNavigation(win);
  const logger = createBrowserLogger();
  const cookies = createDocumentCookies(win.document);
  const query = navigation.query();
  // ?fakeBridge=<app> previews the in-app experience in a desktop browser (docs/services.md);
  // only outside production builds, and never over a real bridge.
  installFakeBridgeFromQuery(
    win as unknown as BridgeWindow,
    query,
    import.meta.env.DEV || query.has('preview'),
  );
  const bridge = createNativeBridge({ win: win as unknown as BridgeWindow, clock, ui: ui.service });
  const env = detectEnvironment(
    win.navigator.userAgent,
    readBridgeInfo(win as unknown as BridgeWindow),
  );
  const auth = createAuthService({
    cookies,
    navigation,
    clock,
    env,
    bridge,
    embedHost: createEmbedHostLogin(win as unknown as EmbedWindow, query, clock),
    logger,
  });
  const trackId = newTrackId();
  const http = createHttpClient({
    fetch: (input, init) => win.fetch(input, init),
    clock,
    navigation,
    auth,
    logger,
    cookies,
    trackId,
  });
  const api = createApiClient({ http });
  const deepLink = createDeepLinkService({
    clock,
    navigation,
    logger,
    directLauncher: createLocationLauncher(win),
    fallbackLauncher: createIframeLauncher(win.document),
    isHidden: documentHiddenReader(win.document),
  });
  const landingUrl = navigation.href();
  const wechatSdk = createWechatSdkAdapter(win);
  const share = createShareService({
    bridge,
    ui: ui.service,
    env,
    navigation,
    logger,
    applyWechatShare: (payload) =>
      applyWechatShare(
        { api, clock, env, navigation, logger, sdk: wechatSdk, landingUrl },
        payload,
      ),
  });
  const storage = createStorage({ localStorage: () => win.localStorage, cookies, clock });
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
      ui: ui.service,
      env,
    },
    ui,
  };
}
