/**
 * The NativeBridge of src/services/types.ts over the global of ./bridge-global.ts: promises,
 * per-call timeouts, feature detection, and a browser fallback for every method.
 */
import { SHARE_ERROR_CODES } from '../../spec/constants';
import type { DeviceInfo, NativeBridge, UiService, Clock } from '../types';
import {
  bridgeSupports,
  callbackSlots,
  parseBridgeResult,
  type BridgeMethod,
  type BridgeResult,
  type BridgeWindow,
} from './bridge-global';

/** spec §8 "not in client environment" (-100): the answer of every method that needs the app. */
export const NOT_IN_CLIENT_CODE = SHARE_ERROR_CODES.notInClient;
export const NOT_IN_CLIENT_MESSAGE = 'not in client environment';
/** Ours: a native call that threw or never answered (a negative code: shown as a toast, §8). */
export const BRIDGE_FAILURE_CODE = -1;

/**
 * Ours (the spec gives none): how long a quick bridge call may take. Interactive calls (login,
 * share, pay) wait for the user and have no timeout.
 */
export const BRIDGE_TIMEOUTS_MS = {
  deviceInfo: 3_000,
  location: 10_000,
  quick: 1_500,
} as const;

export class BridgeTimeoutError extends Error {
  override readonly name = 'BridgeTimeoutError';
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`Native bridge call "${method}" got no answer within ${timeoutMs} ms`);
  }
}

export interface NativeBridgeDeps {
  win: BridgeWindow;
  clock: Pick<Clock, 'setTimeout'>;
  /** Browser fallbacks of toast and loading. */
  ui: Pick<UiService, 'toast' | 'loading'>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

let sequence = 0;

export function createNativeBridge(deps: NativeBridgeDeps): NativeBridge {
  const { win, clock, ui } = deps;
  const slots = callbackSlots(win);

  const supports = (method: string) => bridgeSupports(win, method);

  /** One native call; rejects with BridgeTimeoutError when `timeoutMs` passes unanswered. */
  const invoke = (method: BridgeMethod, args: unknown, timeoutMs: number | null) =>
    new Promise<BridgeResult>((resolve, reject) => {
      const global = win.MiFinanceBridge;
      if (!global) {
        reject(new Error(NOT_IN_CLIENT_MESSAGE));
        return;
      }
      sequence += 1;
      const name = `__mpBridgeCallback${sequence}`;
      let cancel: () => void = () => undefined;
      const cleanup = () => {
        delete slots[name];
        cancel();
      };
      slots[name] = (raw: unknown) => {
        cleanup();
        resolve(parseBridgeResult(raw));
      };
      if (timeoutMs !== null) {
        cancel = clock.setTimeout(() => {
          cleanup();
          reject(new BridgeTimeoutError(method, timeoutMs));
        }, timeoutMs);
      }
      try {
        global.invoke(method, JSON.stringify(args ?? {}), name);
      } catch (error) {
        cleanup();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });

  /**
   * Native when supported; `fallback` when the app lacks the method; `onFailure` (default: the
   * fallback) when the native call throws or times out.
   */
  const nativeOr = async <T>(
    method: BridgeMethod,
    args: unknown,
    timeoutMs: number | null,
    read: (result: BridgeResult) => T,
    fallback: () => T | Promise<T>,
    onFailure: () => T | Promise<T> = fallback,
  ): Promise<T> => {
    if (!supports(method)) return fallback();
    try {
      return read(await invoke(method, args, timeoutMs));
    } catch {
      return onFailure();
    }
  };
  // A native toast, loading or close that merely answered late has still happened: no repeat.
  const nothing = () => undefined;

  const systemTheme = (): 'light' | 'dark' =>
    win.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

  return {
    get available() {
      return win.MiFinanceBridge !== undefined;
    },
    supports,
    deviceInfo: () =>
      nativeOr<DeviceInfo>(
        'deviceInfo',
        {},
        BRIDGE_TIMEOUTS_MS.deviceInfo,
        (r) => (r.code === 0 && isRecord(r.data) ? (r.data as DeviceInfo) : {}),
        () => ({}),
      ),
    location: () =>
      nativeOr(
        'location',
        {},
        BRIDGE_TIMEOUTS_MS.location,
        (r) => {
          if (r.code !== 0 || !isRecord(r.data)) return null;
          const { longitude, latitude } = r.data;
          return typeof longitude === 'number' && typeof latitude === 'number'
            ? { longitude, latitude }
            : null;
        },
        () => null,
      ),
    // Browser: false, so auth falls through to the web login.
    login: () =>
      nativeOr(
        'login',
        {},
        null,
        (r) => r.code === 0,
        () => false,
      ),
    share: (payload) =>
      nativeOr(
        'share',
        payload,
        null,
        (r) => (r.message !== undefined ? { code: r.code, message: r.message } : { code: r.code }),
        () => ({ code: NOT_IN_CLIENT_CODE, message: NOT_IN_CLIENT_MESSAGE }),
        () => ({ code: BRIDGE_FAILURE_CODE, message: 'share failed' }),
      ),
    pay: (order, version = 'v1') =>
      nativeOr(
        version === 'v2' ? 'payV2' : 'pay',
        order,
        null,
        (r) => ({ code: r.code }),
        () => ({ code: NOT_IN_CLIENT_CODE }),
        () => ({ code: BRIDGE_FAILURE_CODE }),
      ),
    showLoading: (show) =>
      nativeOr(
        'loading',
        { show },
        BRIDGE_TIMEOUTS_MS.quick,
        () => undefined,
        () => ui.loading(show),
        nothing,
      ),
    toast: (text) =>
      nativeOr(
        'toast',
        { text },
        BRIDGE_TIMEOUTS_MS.quick,
        () => undefined,
        () => ui.toast(text),
        nothing,
      ),
    closePage: () =>
      nativeOr(
        'closePage',
        {},
        BRIDGE_TIMEOUTS_MS.quick,
        () => undefined,
        () => win.history.back(),
        nothing,
      ),
    themeMode: () =>
      nativeOr(
        'themeMode',
        {},
        BRIDGE_TIMEOUTS_MS.quick,
        (r) =>
          isRecord(r.data) && (r.data.mode === 'dark' || r.data.mode === 'light')
            ? r.data.mode
            : systemTheme(),
        systemTheme,
      ),
    saveImage: (image) =>
      nativeOr(
        'saveImage',
        { image },
        null,
        (r) => ({ code: r.code }),
        () => ({ code: NOT_IN_CLIENT_CODE }),
        () => ({ code: BRIDGE_FAILURE_CODE }),
      ),
    appVersions: (packages) =>
      nativeOr(
        'appVersions',
        { packages },
        BRIDGE_TIMEOUTS_MS.quick,
        (r) => {
          if (r.code !== 0 || !isRecord(r.data)) throw new Error('appVersions failed');
          const data = r.data;
          return Object.fromEntries(
            packages.map((name) => {
              const version = data[name];
              return [name, typeof version === 'string' && version !== '' ? version : null];
            }),
          );
        },
        () => Promise.reject(new Error('appVersions unsupported')),
      ),
    launchMiniProgram: (request) =>
      nativeOr(
        'launchMiniProgram',
        request,
        null,
        (r) => ({ code: r.code }),
        () => ({ code: NOT_IN_CLIENT_CODE }),
        () => ({ code: BRIDGE_FAILURE_CODE }),
      ),
  };
}
