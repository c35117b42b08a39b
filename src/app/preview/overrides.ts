/**
 * The preview's environment overrides (issue 11): which app the page believes it runs in, that
 * app's version, and the page's date. They live in the address, so a variant is a link an
 * operator can copy and `npm run preview:matrix` can open:
 *
 * - `?fakeBridge=finance|wallet&fakeBridgeVersion=8.80.0`: the fake native bridge
 *   (src/services/bridge/fake-bridge.ts), as before;
 * - `?fakeHost=wechat`: WeChat, whose only trace is a token in the user agent;
 * - `?fakeDate=2026-03-01T10:00`: the app's clock starts there and runs on. China time (UTC+8,
 *   the campaigns' time, src/spec/campaign-time.ts) unless the value names its offset
 *   (`2026-03-01T10:00+08:00`, `…Z`), never the browser's own zone; the tab's API calls carry
 *   it to the server (preview-fetch.ts).
 *
 * Pure: no globals. Only dev builds read these (browser-services.ts, `previewOverridesAllowed`).
 */

import { formatCampaignMinute, parseCampaignTime } from '../../spec/campaign-time';

export type PreviewApp = 'browser' | 'finance' | 'wallet' | 'wechat';

export const PREVIEW_APPS: readonly PreviewApp[] = ['browser', 'finance', 'wallet', 'wechat'];

export const PREVIEW_PARAMS = {
  bridge: 'fakeBridge',
  bridgeVersion: 'fakeBridgeVersion',
  host: 'fakeHost',
  date: 'fakeDate',
} as const;

/** A function, not a module-level constant: the bundler keeps module-level reads, and this module
 * must vanish from production builds entirely. */
const paramNames = (): string[] => Object.values(PREVIEW_PARAMS);

export interface PreviewOverrides {
  app: PreviewApp;
  /** The provider app's version (Finance, Wallet); null: the fake bridge's default. */
  appVersion: string | null;
  /** `YYYY-MM-DDTHH:mm`, China time (UTC+8); null: the real clock. */
  date: string | null;
}

export const NO_OVERRIDES: PreviewOverrides = { app: 'browser', appVersion: null, date: null };

const VERSION = /^\d+(?:\.\d+){0,3}$/;

/**
 * A date the override accepts, as `YYYY-MM-DDTHH:mm` in China time, or null. Without an offset
 * the text is China time (a bare date: its midnight); with one (`+08:00`, `-05:00`, `Z`) it is
 * that instant, written back in China time. An impossible date (2026-02-30) is refused rather
 * than rolled over into March. The browser's time zone plays no part.
 */
export function normalizePreviewDate(text: string): string | null {
  // A `+` typed into an address is a space once the query is read: `…T10:00 08:00`.
  const time = parseCampaignTime(
    text.trim().replace(/(T\d{2}:\d{2}(?::\d{2})?) (\d{2}:\d{2})$/, '$1+$2'),
  );
  return time ? formatCampaignMinute(time.ms) : null;
}

/** The overrides the address asks for; anything unknown or malformed is ignored. */
export function overridesFromQuery(query: URLSearchParams): PreviewOverrides {
  const bridge = query.get(PREVIEW_PARAMS.bridge);
  const host = query.get(PREVIEW_PARAMS.host);
  const app: PreviewApp =
    bridge === 'finance' || bridge === 'wallet' ? bridge : host === 'wechat' ? 'wechat' : 'browser';
  const version = query.get(PREVIEW_PARAMS.bridgeVersion);
  const date = query.get(PREVIEW_PARAMS.date);
  return {
    app,
    appVersion:
      (app === 'finance' || app === 'wallet') && version && VERSION.test(version) ? version : null,
    date: date ? normalizePreviewDate(date) : null,
  };
}

/** The address with `overrides` written in place of any earlier ones; other parameters kept. */
export function withOverrides(href: string, overrides: PreviewOverrides): string {
  const url = new URL(href);
  for (const name of paramNames()) url.searchParams.delete(name);
  if (overrides.app === 'finance' || overrides.app === 'wallet') {
    url.searchParams.set(PREVIEW_PARAMS.bridge, overrides.app);
    if (overrides.appVersion)
      url.searchParams.set(PREVIEW_PARAMS.bridgeVersion, overrides.appVersion);
  } else if (overrides.app === 'wechat') {
    url.searchParams.set(PREVIEW_PARAMS.host, 'wechat');
  }
  if (overrides.date) url.searchParams.set(PREVIEW_PARAMS.date, overrides.date);
  return url.href;
}

/** Whether the address names any override (then it wins over what the tab remembers). */
export function hasOverrideParams(query: URLSearchParams): boolean {
  return paramNames().some((name) => query.has(name));
}

/**
 * WeChat's in-app browser is known by `MicroMessenger/` in its user agent (ua-tokens.ts): the
 * preview appends the token WeChat 8 on Android writes, so the rest of the user agent (the
 * operator's browser or device mode) still decides the OS.
 */
export const WECHAT_UA_SUFFIX =
  ' MicroMessenger/8.0.50.2701(0x28003237) NetType/WIFI Language/zh_CN';

export function previewUserAgent(userAgent: string, overrides: PreviewOverrides): string {
  return overrides.app === 'wechat' && !/MicroMessenger\//i.test(userAgent)
    ? `${userAgent}${WECHAT_UA_SUFFIX}`
    : userAgent;
}

/**
 * How far the date override moves the app's clock, in ms (null: no override). The clock starts
 * at the chosen time (China time) when the page loads and runs at the real pace, so countdowns
 * tick.
 */
export function previewClockOffset(
  overrides: PreviewOverrides,
  realNow: number = Date.now(),
): number | null {
  const time = overrides.date ? parseCampaignTime(overrides.date) : null;
  return time ? time.ms - realNow : null;
}

/**
 * For a server that ignores the preview's date (one not started by `npm run preview`): API
 * answers carry `serverTime` (ms), which the countdown trusts over the phone's clock. Returns
 * `value` with every `serverTime` number shifted by `offset`, at any depth; other values as
 * they are. A preview server moves its own clock instead (preview-fetch.ts).
 */
export function shiftServerTimes(value: unknown, offset: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shiftServerTimes(item, offset));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === 'serverTime' && typeof item === 'number' && item > 0
        ? item + offset
        : shiftServerTimes(item, offset);
  }
  return out;
}

/** What the bar and the tab remember between page loads (sessionStorage: this tab only). */
export const PREVIEW_STORAGE_KEY = 'ce-preview-overrides';

export function serializeOverrides(overrides: PreviewOverrides): string {
  return JSON.stringify(overrides);
}

export function parseStoredOverrides(text: string | null): PreviewOverrides | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Partial<Record<keyof PreviewOverrides, unknown>>;
    // Through the query parser: a stored value gets the same checks as a typed one.
    const query = new URLSearchParams(
      new URL(
        withOverrides('http://x/', {
          app: PREVIEW_APPS.includes(raw.app as PreviewApp) ? (raw.app as PreviewApp) : 'browser',
          appVersion: typeof raw.appVersion === 'string' ? raw.appVersion : null,
          date: typeof raw.date === 'string' ? raw.date : null,
        }),
      ).search,
    );
    return overridesFromQuery(query);
  } catch {
    return null;
  }
}

export function sameOverrides(a: PreviewOverrides, b: PreviewOverrides): boolean {
  return a.app === b.app && a.appVersion === b.appVersion && a.date === b.date;
}
