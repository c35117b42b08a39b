/**
 * spec §3, §6: where the page runs, derived from the user agent (and, when present, what the
 * native bridge says about its app). Pure: no globals, so it runs in tests and in Node.
 */
import type {
  AppType,
  DeviceType,
  Environment,
  HostApp,
  PlatformType,
  SystemCode,
} from './environment';
import {
  MESSAGING_APP_UA_PATTERNS,
  OTHER_BRAND_PATTERNS,
  OWN_BRAND_MODEL_PATTERNS,
  OWN_BRAND_SYSTEM_PATTERNS,
  PROVIDER_APP_UA_TOKENS,
  type ProviderApp,
} from './ua-tokens';

/** What the native bridge reports about itself (src/services/bridge); every field optional. */
export interface BridgeInfo {
  /** The provider app hosting the page, when the UA token is missing (e.g. the fake bridge). */
  app?: ProviderApp;
  appVersion?: string;
  /** NFC capability is only known natively. */
  nfc?: boolean;
}

const PROVIDER_APPS: ReadonlySet<HostApp> = new Set<ProviderApp>([
  'finance',
  'wallet',
  'payments',
  'video',
  'shop',
]);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The provider app whose token the UA carries, with its version. */
export function findProviderApp(ua: string): { app: ProviderApp; version: string } | null {
  for (const { app, token } of PROVIDER_APP_UA_TOKENS) {
    const match = new RegExp(`(?:^|[\\s;(])${escapeRegExp(token)}/(\\d+(?:\\.\\d+)*)`).exec(ua);
    if (match?.[1]) return { app, version: match[1] };
  }
  return null;
}

function findMessagingApp(ua: string): HostApp | null {
  return MESSAGING_APP_UA_PATTERNS.find(({ pattern }) => pattern.test(ua))?.host ?? null;
}

function detectOs(ua: string): { os: Environment['os']; osVersion: string | null } {
  const ios = /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+(?:_\d+)*)/.exec(ua);
  if (ios) return { os: 'ios', osVersion: ios[1]?.replace(/_/g, '.') ?? null };
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) return { os: 'ios', osVersion: null };
  // Old UC builds write "Adr 9" instead of "Android 9".
  const android = /\b(?:Android|Adr)[\s/]?(\d+(?:\.\d+)*)?/.exec(ua);
  if (android) return { os: 'android', osVersion: android[1] ?? null };
  return { os: 'other', osVersion: null };
}

/** The parenthesised device part of the UA, where the model name lives. */
function devicePart(ua: string): string {
  return /\(([^)]*)\)/.exec(ua)?.[1] ?? '';
}

function detectBrand(ua: string): { brand: string | null; ownBrand: boolean } {
  const device = devicePart(ua);
  if (
    OWN_BRAND_MODEL_PATTERNS.some((p) => p.test(device)) ||
    OWN_BRAND_SYSTEM_PATTERNS.some((p) => p.test(ua))
  ) {
    return { brand: 'xiaomi', ownBrand: true };
  }
  const other = OTHER_BRAND_PATTERNS.find(({ pattern }) => pattern.test(device));
  return { brand: other?.brand ?? null, ownBrand: false };
}

function isMobileUa(ua: string, os: Environment['os']): boolean {
  if (os === 'ios' && /\biPad\b/.test(ua)) return true;
  return /Mobile|MIDP|UCWEB|Opera Mini|IEMobile|Windows Phone|KaiOS/i.test(ua) || os === 'android';
}

/** spec §3 platformType: 1 own Android, 2 other Android, 3 iOS, 4 desktop/other, 5 other mobile. */
function platformTypeOf(os: Environment['os'], ownBrand: boolean, mobile: boolean): PlatformType {
  if (os === 'android') return ownBrand ? 1 : 2;
  if (os === 'ios') return 3;
  return mobile ? 5 : 4;
}

/** spec §3 deviceType: 0 browser, 1 finance app, 2 wallet/payments app. */
function deviceTypeOf(host: HostApp): DeviceType {
  if (host === 'finance') return 1;
  if (host === 'wallet' || host === 'payments') return 2;
  return 0;
}

/**
 * spec §3 app type: 0 other, 1 default, 2 finance app, 6 wallet app. Our reading: the wallet and
 * payments apps share 6 (as they share deviceType 2); the provider's other apps (video, shop) are
 * "default" (1); browsers and third-party apps are "other" (0).
 */
function appTypeOf(host: HostApp): AppType {
  if (host === 'finance') return 2;
  if (host === 'wallet' || host === 'payments') return 6;
  if (host === 'video' || host === 'shop') return 1;
  return 0;
}

/** spec §3 system: 0 unknown, 1 Android, 2 iOS. */
function systemOf(os: Environment['os']): SystemCode {
  if (os === 'android') return 1;
  if (os === 'ios') return 2;
  return 0;
}

export function detectEnvironment(userAgent: string, bridgeInfo?: BridgeInfo): Environment {
  const provider = findProviderApp(userAgent);
  const messaging = provider ? null : findMessagingApp(userAgent);
  const bridgeApp = bridgeInfo?.app;
  const host: HostApp = provider?.app ?? messaging ?? bridgeApp ?? 'browser';
  const inProviderApp = PROVIDER_APPS.has(host);
  const appVersion = provider?.version ?? (inProviderApp ? (bridgeInfo?.appVersion ?? null) : null);

  const { os, osVersion } = detectOs(userAgent);
  const { brand, ownBrand } = detectBrand(userAgent);
  const isMobile = isMobileUa(userAgent, os);
  // The own-brand platform type only applies to the maker's own Android builds.
  const ownAndroid = ownBrand && os === 'android';

  return {
    host,
    appVersion,
    os,
    osVersion,
    brand,
    ownBrand: ownAndroid,
    isMobile,
    nfc: bridgeInfo?.nfc ?? false,
    platformType: platformTypeOf(os, ownAndroid, isMobile),
    deviceType: deviceTypeOf(host),
    appType: appTypeOf(host),
    system: systemOf(os),
    visitEnvironment: inProviderApp ? 2 : 1,
    inMessagingApp: host === 'wechat' || host === 'qq' || host === 'weibo',
    inProviderApp,
  };
}
