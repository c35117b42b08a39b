/**
 * An in-memory stand-in for the provider apps' bridge global (./bridge-global.ts), for tests and
 * for previewing the in-app experience in a desktop browser.
 *
 * Preview: open any page with `?fakeBridge=finance` (or wallet, payments, video, shop), and
 * optionally `&fakeBridgeVersion=8.80.0`, `&fakeBridgeNfc=1`, `&fakeBridgeWechat=0` (the phone
 * has no messaging app: mini-program launches answer so, spec §8 row 16) and `&fakeBridgeTheme=dark`
 * (the app's theme mode). installFakeBridgeFromQuery puts the fake on
 * `window.MiFinanceBridge` before the services are built; detectEnvironment then reads the app
 * from `readBridgeInfo(window)`. The lead decides where that is allowed (dev and preview builds).
 */
import { MINI_PROGRAM_CODES } from '../../spec/constants';
import type { BridgeInfo } from '../../contracts/env/detect';
import type { ProviderApp } from '../../contracts/env/ua-tokens';
import {
  BRIDGE_GLOBAL_NAME,
  callbackSlots,
  type BridgeGlobal,
  type BridgeResult,
  type BridgeWindow,
} from './bridge-global';

/** A handler may answer later (the sandbox cashier waits for the server). */
export type FakeHandler = (args: Record<string, unknown>) => BridgeResult | Promise<BridgeResult>;

export interface FakeBridgeOptions {
  app?: ProviderApp;
  appVersion?: string;
  nfc?: boolean;
  /** False: the phone has no messaging app (launchMiniProgram answers so). Default true. */
  messagingApp?: boolean;
  /** The app's theme mode (themeMode answers it); default light. */
  theme?: 'light' | 'dark';
  /** Methods the fake claims; default: all with a handler. */
  methods?: readonly string[];
  /** Override or add handlers by method name. */
  handlers?: Record<string, FakeHandler>;
  /** Called when `login` is invoked, e.g. to write the session cookies in a preview. */
  onLogin?: () => void;
  /** How answers are delivered; default: a microtask (asynchronous, like the real app). */
  schedule?: (deliver: () => void) => void;
  /** Never answer these methods (to test timeouts). */
  silent?: readonly string[];
}

export interface FakeBridge extends BridgeGlobal {
  readonly calls: { method: string; args: Record<string, unknown> }[];
  info: BridgeInfo;
  /** Connects the fake to the window whose callbacks it answers. */
  attach(win: BridgeWindow): void;
}

const PREVIEW_VERSIONS: Record<ProviderApp, string> = {
  finance: '8.80.0',
  wallet: '6.80.0',
  payments: '6.80.0',
  video: '1.0.0',
  shop: '1.0.0',
};

/** A version code for a version name, as Android apps often number them: 8.80.0 -> 88000. */
function fakeVersionCode(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number(part) || 0);
  return major * 10_000 + minor * 100 + patch;
}

export function createFakeNativeBridge(options: FakeBridgeOptions = {}): FakeBridge {
  const app = options.app ?? 'finance';
  const appVersion = options.appVersion ?? PREVIEW_VERSIONS[app];
  const handlers = new Map<string, FakeHandler>([
    [
      'deviceInfo',
      () => ({
        code: 0,
        data: {
          deviceModel: 'FakePhone',
          appVersionName: appVersion,
          appVersionCode: fakeVersionCode(appVersion),
          miuiRomType: 'HyperOS',
          // What the app reports about itself (spec §3's in-app common parameters).
          appId: `fake-${app}-app`,
          oaid: 'fake-oaid-0001',
          regId: 'fake-regid-0001',
          sdkVersionCode: 34,
        },
      }),
    ],
    ['location', () => ({ code: 0, data: { longitude: 116.397, latitude: 39.909 } })],
    [
      'login',
      () => {
        options.onLogin?.();
        return { code: 0 };
      },
    ],
    ['share', () => ({ code: 1 })],
    ['pay', () => ({ code: 0 })],
    ['payV2', () => ({ code: 0 })],
    ['loading', () => ({ code: 0 })],
    ['toast', () => ({ code: 0 })],
    ['closePage', () => ({ code: 0 })],
    ['themeMode', () => ({ code: 0, data: { mode: options.theme ?? 'light' } })],
    ['saveImage', () => ({ code: 0 })],
    // The fake phone has one partner app (the short-video one) and none of the others.
    [
      'appVersions',
      (args) => {
        const packages = Array.isArray(args.packages) ? args.packages : [];
        const installed: Record<string, string> = { 'com.ss.android.ugc.aweme': '30.1.0' };
        return {
          code: 0,
          data: Object.fromEntries(
            packages.map((name) => [String(name), installed[String(name)] ?? null]),
          ),
        };
      },
    ],
    [
      'launchMiniProgram',
      () => ({
        code:
          options.messagingApp === false
            ? MINI_PROGRAM_CODES.messagingAppMissing
            : MINI_PROGRAM_CODES.launched,
      }),
    ],
    ...Object.entries(options.handlers ?? {}),
  ]);
  // Mini-programs launch only from the wallet client (spec §8 row 17): the other fakes lack it.
  const walletClient = app === 'wallet' || app === 'payments';
  const methods = new Set(
    options.methods ??
      [...handlers.keys()].filter((m) => walletClient || m !== 'launchMiniProgram'),
  );
  const silent = new Set(options.silent ?? []);
  const schedule = options.schedule ?? ((deliver) => queueMicrotask(deliver));
  let target: BridgeWindow | null = null;
  const calls: FakeBridge['calls'] = [];

  return {
    calls,
    info: { app, appVersion, nfc: options.nfc ?? false },
    attach(win) {
      target = win;
    },
    supports: (method) => methods.has(method),
    invoke(method, argsJson, callbackName) {
      const parsed: unknown = JSON.parse(argsJson);
      const args =
        typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
      calls.push({ method, args });
      if (silent.has(method)) return;
      const handler = methods.has(method) ? handlers.get(method) : undefined;
      const answer = (result: BridgeResult) =>
        schedule(() => {
          const callback = target ? callbackSlots(target)[callbackName] : undefined;
          if (typeof callback === 'function') callback(JSON.stringify(result));
        });
      const result = handler ? handler(args) : { code: -1, message: `unknown method ${method}` };
      if (result instanceof Promise) {
        result.then(answer, () => answer({ code: -1, message: `${method} failed` }));
      } else {
        answer(result);
      }
    },
  };
}

/** Installs a fake on `win` and attaches it; returns it. */
export function installFakeBridge(win: BridgeWindow, options: FakeBridgeOptions = {}): FakeBridge {
  const fake = createFakeNativeBridge(options);
  fake.attach(win);
  win[BRIDGE_GLOBAL_NAME] = fake;
  return fake;
}

const FAKE_APPS: ReadonlySet<string> = new Set<ProviderApp>([
  'finance',
  'wallet',
  'payments',
  'video',
  'shop',
]);

/**
 * `?fakeBridge=<app>` preview switch. Does nothing when not allowed, when the query does not ask
 * for it, or when a real bridge is already present (never shadows the app's own).
 */
export function installFakeBridgeFromQuery(
  win: BridgeWindow,
  query: URLSearchParams,
  allowed: boolean,
  options: Omit<FakeBridgeOptions, 'app' | 'appVersion'> = {},
): FakeBridge | null {
  const app = query.get('fakeBridge');
  if (!allowed || !app || !FAKE_APPS.has(app) || win[BRIDGE_GLOBAL_NAME]) return null;
  const version = query.get('fakeBridgeVersion');
  // `&fakeBridgeNfc=1`: the fake phone has NFC (the NFC pages' `when: {nfc: true}` branch).
  const nfc = query.get('fakeBridgeNfc') === '1';
  // `&fakeBridgeWechat=0`: no messaging app on the fake phone.
  const noMessagingApp = query.get('fakeBridgeWechat') === '0';
  // `&fakeBridgeTheme=dark`: the app is in its dark theme (spec §7 theme mode).
  const theme = query.get('fakeBridgeTheme');
  return installFakeBridge(win, {
    ...options,
    app: app as ProviderApp,
    ...(version ? { appVersion: version } : {}),
    ...(nfc ? { nfc } : {}),
    ...(noMessagingApp ? { messagingApp: false } : {}),
    ...(theme === 'dark' || theme === 'light' ? { theme } : {}),
  });
}
