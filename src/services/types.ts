/**
 * The service contracts every widget and the engine depend on. Widgets reach them only through
 * React context (src/services/context.tsx), so tests swap in fakes (tests/support/fake-services.ts).
 * Real implementations live in src/services/<name>/.
 */
import type { ApiName, ApiOutput } from '../contracts';
import type { Environment } from '../contracts/env/environment';
import type { SHARE_RESULT_EVENTS } from '../spec/constants';

// ---------------------------------------------------------------- environment (spec §3)

// Shared with the server (its own redirects read it): src/contracts/env/environment.ts.
export type {
  AppType,
  DeviceType,
  Environment,
  HostApp,
  PlatformType,
  SystemCode,
  VisitEnvironment,
} from '../contracts/env/environment';

// ---------------------------------------------------------------- api (spec §7, §8)

/** spec §7 response envelope. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  result?: T;
  value?: T;
  error?: string;
  msg?: string;
}

export interface ApiCallOptions {
  /** Sent as the Idempotency-Key header so a retried mutation has one effect. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * A call's name as the caller writes it: a literal must be a catalogue name (a typo fails
 * typecheck); a name known only at run time (a document's action, a widget prop) is a plain
 * `string`, and its answer is then `unknown`.
 */
export type ApiCallName<N extends string> = N & (string extends N ? unknown : ApiName);

/** The answer of a call by name: the contract's output (src/contracts), unknown for a run-time name. */
export type ApiResult<N extends string> = N extends ApiName ? ApiOutput<N> : unknown;

export interface ApiClient {
  /**
   * Calls a catalogue entry by its qualified name, e.g. 'generalActivity.luckDraw'
   * (src/contracts). Resolves with the envelope when the call's success code matches (1 for
   * activity info, 0 otherwise), its `result` typed by the call's contract; rejects with an
   * ApiError otherwise. The answer is not validated on the phone (no zod there, decision 0008):
   * the server's answers are checked against the same contracts in its tests.
   */
  call<N extends string>(
    name: ApiCallName<N>,
    params?: Record<string, unknown>,
    options?: ApiCallOptions,
  ): Promise<ApiEnvelope<ApiResult<N>>>;
}

// ---------------------------------------------------------------- native bridge (spec §7)

export interface DeviceInfo {
  deviceModel?: string;
  cplc?: string;
  tsmclientVersionName?: string;
  miuiSystemVersion?: string;
  appPackageName?: string;
  appVersionName?: string;
  appVersionCode?: string | number;
  lo?: number;
  la?: number;
  miuiRomType?: string;
}

export interface SharePayload {
  subject?: string;
  text?: string;
  url: string;
  imageUrl?: string;
  iconUrl?: string;
  sharer?: string[];
  sharerAll?: boolean;
}

export interface NativeBridge {
  /** True when the provider's native bridge object is present. */
  readonly available: boolean;
  supports(method: string): boolean;
  deviceInfo(): Promise<DeviceInfo>;
  location(): Promise<{ longitude: number; latitude: number } | null>;
  login(): Promise<boolean>;
  share(payload: SharePayload): Promise<{ code: number; message?: string }>;
  pay(order: Record<string, unknown>, version?: 'v1' | 'v2'): Promise<{ code: number }>;
  showLoading(show: boolean): Promise<void>;
  toast(text: string): Promise<void>;
  closePage(): Promise<void>;
  themeMode(): Promise<'light' | 'dark'>;
  /**
   * Saves an image (a PNG data URL) to the photo album (spec §5 "client support for photo
   * saving"): code 0 when saved; the §8 not-in-client code when the app has no such method.
   */
  saveImage(image: string): Promise<{ code: number }>;
  /**
   * Launches a messaging-app mini-program (the wallet client's method, spec §8 rows 16-17):
   * MINI_PROGRAM_CODES in src/spec/constants.ts; the not-in-client code where there is no bridge.
   */
  launchMiniProgram(request: { userName: string; path?: string }): Promise<{ code: number }>;
  /**
   * Installed versions of other apps by package name, null for one not installed (spec §3
   * userExtra). Only asked above the spec §5 gate (src/services/deep-link/other-app-version.ts).
   */
  appVersions(packages: readonly string[]): Promise<Record<string, string | null>>;
}

// ---------------------------------------------------------------- auth (spec §4)

export interface AuthService {
  isLoggedIn(): boolean;
  userId(): string | null;
  /** Polls the login cookies (spec §4: 200 ms x 15); resolves true once logged in. */
  waitForLogin(): Promise<boolean>;
  /**
   * spec §4 real-login check: inside the apps, whether the app's session cookies arrive (the
   * login poll); elsewhere the plain cookie check.
   */
  checkRealLogin(): Promise<boolean>;
  /** Starts the login flow for this environment; concurrent calls share one flow. */
  login(): Promise<void>;
}

// ---------------------------------------------------------------- deep links (spec §4, §5)

export interface OpenAppOptions {
  failUrl?: string;
  downloadUrl?: string;
  onFail?: () => void;
  /**
   * 'poll' (default): spec §4 50 ms x 40 visibility poll. 'wallet': the wallet-app variant,
   * one check WALLET_APP_CHECK_DELAY_MS after the jump.
   */
  check?: 'poll' | 'wallet';
}

export type OpenAppResult = 'opened' | 'fallback' | 'refused';

export interface DeepLinkService {
  /** Validates the target (scheme and host allow-list) and tries to open it (spec §4 flow). */
  open(target: string, options?: OpenAppOptions): Promise<OpenAppResult>;
}

// ---------------------------------------------------------------- share (spec §3, §8)

/** What a share is about, counted with its result (the activity whose page shares). */
export interface ShareContext {
  activity?: string;
}

/** spec §4 share result events (SHARE_RESULT_EVENTS). */
export type ShareEvent = (typeof SHARE_RESULT_EVENTS)[number];

export interface ShareService {
  share(payload: SharePayload, about?: ShareContext): Promise<ShareEvent>;
  /**
   * Saves a drawn image (a PNG data URL, src/ui/share-image.ts) where the client or browser can,
   * with the spec §8 save-image messages as toasts.
   */
  saveImage(image: string, about?: ShareContext): Promise<ShareEvent>;
  /** Puts text on the clipboard (the `copy` action); call it inside the tap. */
  copyText(text: string): Promise<void>;
}

// ---------------------------------------------------------------- storage (spec §9)

export interface StorageService {
  get<T>(key: string): T | null;
  /** Default expiry spec §9: 604800 s. */
  set(key: string, value: unknown, expirySeconds?: number): void;
  remove(key: string): void;
  /**
   * The keys this storage holds (without its prefix), for what must find its own old entries
   * (spec §4: the daily counter removes the keys of earlier dates). Optional: without it, old
   * entries are left to expire.
   */
  keys?(): string[];
  /**
   * The same API on this tab's session storage (gone when the tab closes): for what a visitor
   * typed and must not lose to a failed submit or a reload, but must not keep either. Optional:
   * without it, widgets fall back to this storage with a short expiry.
   */
  readonly session?: StorageService;
}

// ---------------------------------------------------------------- clock, navigation, logger, ui

export interface Clock {
  now(): number;
  /** Returns a cancel function. */
  setTimeout(fn: () => void, ms: number): () => void;
  setInterval(fn: () => void, ms: number): () => void;
  /**
   * Runs `fn` once the page has loaded and the main thread is idle: for work that must not
   * compete with a first load (docs/decisions/0008-first-load-budget.md). Returns a cancel function.
   */
  whenIdle(fn: () => void): () => void;
  /**
   * Runs `fn` once, at the visitor's first sign of acting on the page (finger or pointer down, a
   * key, a focus): for what only an action needs, which a visitor who only looks never downloads
   * (docs/decisions/0016-preload-on-first-intent.md). Returns a cancel function.
   */
  whenIntent(fn: () => void): () => void;
}

/** Everything that reads or changes the browser's address. */
export interface Navigation {
  href(): string;
  host(): string;
  pathname(): string;
  query(): URLSearchParams;
  /** Full-page navigation to a URL (already validated by the caller). */
  assign(url: string): void;
  replace(url: string): void;
  reload(): void;
  /** False when the browser knows it has no network (navigator.onLine); true when unsure. */
  isOnline(): boolean;
  /** Calls fn once, when the network comes back (the `online` event). Returns a cancel function. */
  onceOnline(fn: () => void): () => void;
}

export interface Logger {
  /** Reports an error to the error-reporting service with context. */
  report(error: unknown, context?: Record<string, unknown>): void;
  /** Analytics event. */
  track(event: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
}

/**
 * spec §2: 'default' and 'short' differ in duration; 'html' adds a mask and a dark theme (the text
 * is still plain text); 'masked' adds a mask, a close icon and a button.
 */
export type ToastVariant = 'default' | 'short' | 'html' | 'masked';

export interface ToastOptions {
  text: string;
  variant?: ToastVariant;
  /** Overrides the variant's duration (ms). */
  duration?: number;
  /** spec §2: stays until closed (close icon, button, or the closer returned by the UI kit). */
  keepAlive?: boolean;
  /** 'masked' only: the button's label (default 确定); pressing it closes the toast. */
  buttonText?: string;
  /** 'masked' only: called when the button is pressed. */
  onButton?: () => void;
}

export interface DialogOptions {
  title?: string;
  text: string;
  confirmText?: string;
  /** Omit to hide the cancel button. */
  cancelText?: string;
  /** Seconds the confirm button stays disabled, counting down. */
  countdown?: number;
}

export interface UiService {
  toast(options: ToastOptions | string): void;
  /** Resolves true on confirm, false on cancel or close. */
  confirm(options: DialogOptions): Promise<boolean>;
  loading(show: boolean): void;
  /**
   * Dims the page and points at the host app's top-right menu with `text` until tapped: in the
   * messaging app only its menu shares a page.
   */
  menuGuide(text: string): void;
}

export interface Services {
  api: ApiClient;
  bridge: NativeBridge;
  auth: AuthService;
  deepLink: DeepLinkService;
  share: ShareService;
  storage: StorageService;
  clock: Clock;
  navigation: Navigation;
  logger: Logger;
  ui: UiService;
  env: Environment;
}
