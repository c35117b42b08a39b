/**
 * The provider apps' native bridge as the page sees it. OUR CONTRACT (the spec names only the
 * capabilities, §7): the app injects one global object,
 *
 *   window.MiFinanceBridge = {
 *     invoke(method: string, argsJson: string, callbackName: string): void,
 *     supports?(method: string): boolean,   // absent: every method is assumed present
 *     info?: { app, appVersion, nfc },      // optional static facts (the fake always sets it)
 *   }
 *
 * and answers each invoke exactly once by calling `window[callbackName](resultJson)` with
 * `{ "code": number, "data"?: any, "message"?: string }`. Code 0 is success, except for
 * `share`, whose code is passed through as is (positive = shared; 0, -100, -200 and other
 * negatives are the spec §8 share errors).
 *
 * Methods: deviceInfo, location, login, share, pay, payV2, loading ({ show }), toast
 * ({ text }), closePage, themeMode (data: { mode: 'light' | 'dark' }), saveImage ({ image }),
 * launchMiniProgram ({ userName, path }; code MINI_PROGRAM_CODES of src/spec/constants.ts),
 * appVersions ({ packages }; data: { [package]: version or null when not installed }).
 */
import type { BridgeInfo } from '../../contracts/env/detect';

export const BRIDGE_GLOBAL_NAME = 'MiFinanceBridge';

export const BRIDGE_METHODS = [
  'deviceInfo',
  'location',
  'login',
  'share',
  'pay',
  'payV2',
  'loading',
  'toast',
  'closePage',
  'themeMode',
  // Ours: the spec (§5) says saving an image needs the client's photo saving, naming no method.
  'saveImage',
  // Ours: spec §8 rows 16-17 launch mini-programs through the wallet client, naming no method.
  'launchMiniProgram',
  // Ours: spec §3 userExtra carries other apps' versions, §5 gates asking for them.
  'appVersions',
] as const;
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

export interface BridgeGlobal {
  invoke(method: string, argsJson: string, callbackName: string): void;
  supports?(method: string): boolean;
  info?: BridgeInfo;
}

export interface BridgeResult {
  code: number;
  data?: unknown;
  message?: string;
}

/** The window members the bridge touches. */
export interface BridgeWindow {
  MiFinanceBridge?: BridgeGlobal | undefined;
  history: { back(): void };
  matchMedia?: (query: string) => { matches: boolean };
}

/**
 * Callbacks live on the window under generated names (the native side can only call globals).
 * `Window` has no string index signature, hence the cast in this one place.
 */
export function callbackSlots(win: BridgeWindow): Record<string, unknown> {
  return win as unknown as Record<string, unknown>;
}

/** What the bridge says about its app, for detectEnvironment (src/contracts/env/detect.ts). */
export function readBridgeInfo(win: BridgeWindow): BridgeInfo | undefined {
  return win.MiFinanceBridge?.info;
}

/** Whether the app's bridge has `method` (a bridge without `supports` claims every method). */
export function bridgeSupports(win: BridgeWindow, method: string): boolean {
  const global = win.MiFinanceBridge;
  if (!global) return false;
  return typeof global.supports === 'function' ? global.supports(method) : true;
}

/** Parses a native answer (JSON text, or an object from lenient bridges). */
export function parseBridgeResult(raw: unknown): BridgeResult {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { code: -1, message: 'unreadable bridge answer' };
    }
  }
  if (typeof value !== 'object' || value === null || !('code' in value)) {
    return { code: -1, message: 'unreadable bridge answer' };
  }
  const code = Number(value.code);
  const result: BridgeResult = { code: Number.isFinite(code) ? code : -1 };
  if ('data' in value) result.data = value.data;
  if ('message' in value && typeof value.message === 'string') result.message = value.message;
  return result;
}
