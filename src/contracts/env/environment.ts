/**
 * spec §3: where the page runs, as the engine's conditions, the services and the server's own
 * redirects see it (detect.ts derives it from the user agent). Shared by the browser and the
 * server, so it lives here; src/services/types.ts re-exports it for the service contracts.
 */

/** spec §3 platformType: 1 own Android, 2 other Android, 3 iOS, 4 desktop/other, 5 other mobile. */
export type PlatformType = 1 | 2 | 3 | 4 | 5;
/** spec §3 deviceType: 0 browser, 1 finance app, 2 wallet/payments app. */
export type DeviceType = 0 | 1 | 2;
/** spec §3 app type: 0 other, 1 default, 2 finance app, 6 wallet app. */
export type AppType = 0 | 1 | 2 | 6;
/** spec §3 system: 0 unknown, 1 Android, 2 iOS. */
export type SystemCode = 0 | 1 | 2;
/** spec §3 visitEnvironment: 1 browser, 2 in-app. */
export type VisitEnvironment = 1 | 2;

/** Where the page runs. 'browser' is any ordinary browser. */
export type HostApp =
  'finance' | 'wallet' | 'payments' | 'video' | 'shop' | 'wechat' | 'qq' | 'weibo' | 'browser';

export interface Environment {
  host: HostApp;
  /** Version of the host app when it is one of the provider's apps, e.g. '8.73.1'. */
  appVersion: string | null;
  os: 'android' | 'ios' | 'other';
  osVersion: string | null;
  /** Lower-case brand token from the user agent (e.g. 'xiaomi', 'huawei'), or null. */
  brand: string | null;
  /** True when the phone maker's own Android build is detected. */
  ownBrand: boolean;
  isMobile: boolean;
  nfc: boolean;
  platformType: PlatformType;
  deviceType: DeviceType;
  appType: AppType;
  system: SystemCode;
  visitEnvironment: VisitEnvironment;
  /** True inside WeChat, QQ or Weibo browsers. */
  inMessagingApp: boolean;
  /** True inside one of the provider's own apps (finance, wallet, payments, video, shop). */
  inProviderApp: boolean;
}
