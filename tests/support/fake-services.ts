/**
 * In-memory fakes of every service, for tests and previews. Each records what it was asked so a
 * test can assert on it; pass overrides to replace any piece.
 */
import { LIVE_SWITCH_CALL } from '../../src/engine/page/live-switches';
import { PLAIN_MOBILE_BROWSER } from '../../src/contracts/env/plain-browser';
import type {
  ApiEnvelope,
  Environment,
  Services,
  ToastOptions,
  DialogOptions,
} from '../../src/services/types';

export interface FakeRecord {
  calls: { name: string; params: Record<string, unknown> | undefined; idempotencyKey?: string }[];
  toasts: ToastOptions[];
  dialogs: DialogOptions[];
  navigations: { kind: 'assign' | 'replace' | 'reload'; url?: string }[];
  opened: string[];
  shared: unknown[];
  /** Images handed to share.saveImage (data URLs). */
  savedImages: string[];
  /** Texts handed to share.copyText (the copy action). */
  copied: string[];
  reports: { error: unknown; context?: Record<string, unknown> }[];
  tracks: { event: string; data?: Record<string, unknown> }[];
  /** Texts of the share guides shown (ui.menuGuide). */
  menuGuides: string[];
  logins: number;
  /** Times the page asked the live switch list (kept out of `calls`). */
  liveSwitchReads: number;
}

/** The fake network: online until a test says otherwise; going online runs the waiters. */
export interface FakeNetwork {
  readonly online: boolean;
  setOnline(online: boolean): void;
}

/** Tests' default environment: a plain mobile browser, as prerendered pages assume. */
export const browserEnvironment: Environment = PLAIN_MOBILE_BROWSER;

export type FakeApiHandler = (
  name: string,
  params: Record<string, unknown> | undefined,
) => ApiEnvelope | Promise<ApiEnvelope>;

/** What operators switched off, as the live switch call answers it (nothing by default). */
export interface FakeLiveSwitches {
  activities?: string[];
  actions?: { activityCode: string; action: string }[];
  widgets?: { route: string; widgetId: string }[];
}

export function createFakeServices(
  overrides: Partial<Services> & {
    apiHandler?: FakeApiHandler;
    loggedIn?: boolean;
    href?: string;
    /**
     * The live switch list (src/engine/page/live-switches.tsx): every page asks it once
     * hydrated. Answered here and kept out of `record.calls` (the engine's own background call,
     * not the widget's); `record.liveSwitchReads` counts it.
     */
    liveSwitches?: FakeLiveSwitches | (() => FakeLiveSwitches);
  } = {},
): Services & { record: FakeRecord; network: FakeNetwork } {
  const network = {
    online: true,
    waiting: new Set<() => void>(),
    setOnline(online: boolean) {
      network.online = online;
      if (!online) return;
      const waiting = [...network.waiting];
      network.waiting.clear();
      for (const fn of waiting) fn();
    },
  };
  const record: FakeRecord = {
    calls: [],
    toasts: [],
    dialogs: [],
    navigations: [],
    opened: [],
    shared: [],
    savedImages: [],
    copied: [],
    reports: [],
    tracks: [],
    menuGuides: [],
    logins: 0,
    liveSwitchReads: 0,
  };
  const {
    apiHandler,
    liveSwitches,
    loggedIn = false,
    href = 'http://localhost/mp/activity/',
    ...rest
  } = overrides;
  const memory = new Map<string, unknown>();
  const sessionMemory = new Map<string, unknown>();
  const url = new URL(href);
  const services: Services = {
    api: {
      async call(name, params, options) {
        if (name === LIVE_SWITCH_CALL) {
          record.liveSwitchReads += 1;
          const off = typeof liveSwitches === 'function' ? liveSwitches() : (liveSwitches ?? {});
          const result = { version: 1, activities: [], actions: [], widgets: [], ...off };
          return { code: 0, result, msg: 'success' } as ApiEnvelope<never>;
        }
        record.calls.push({
          name,
          params,
          ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        });
        const response = apiHandler ? await apiHandler(name, params) : { code: 0, result: null };
        return response as ApiEnvelope<never>;
      },
    },
    bridge: {
      available: false,
      supports: () => false,
      deviceInfo: async () => ({}),
      location: async () => null,
      login: async () => false,
      share: async () => ({ code: -100 }),
      pay: async () => ({ code: -1 }),
      showLoading: async () => undefined,
      toast: async () => undefined,
      closePage: async () => undefined,
      themeMode: async () => 'light',
      saveImage: async () => ({ code: -100 }),
      launchMiniProgram: async () => ({ code: -100 }),
      appVersions: async () => {
        throw new Error('no bridge');
      },
    },
    auth: {
      isLoggedIn: () => loggedIn,
      userId: () => (loggedIn ? 'fake-user' : null),
      waitForLogin: async () => loggedIn,
      checkRealLogin: async () => loggedIn,
      login: async () => {
        record.logins += 1;
      },
    },
    deepLink: {
      open: async (target) => {
        record.opened.push(target);
        return 'opened';
      },
    },
    share: {
      share: async (payload) => {
        record.shared.push(payload);
        return 'success';
      },
      saveImage: async (image) => {
        record.savedImages.push(image);
        return 'save-image-success';
      },
      copyText: async (text) => {
        record.copied.push(text);
      },
    },
    storage: {
      get: <T>(key: string) => (memory.has(key) ? (memory.get(key) as T) : null),
      set: (key, value) => void memory.set(key, value),
      remove: (key) => void memory.delete(key),
      keys: () => [...memory.keys()],
      session: {
        get: <T>(key: string) => (sessionMemory.has(key) ? (sessionMemory.get(key) as T) : null),
        set: (key, value) => void sessionMemory.set(key, value),
        remove: (key) => void sessionMemory.delete(key),
      },
    },
    clock: {
      now: () => Date.now(),
      setTimeout: (fn, ms) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      },
      setInterval: (fn, ms) => {
        const id = setInterval(fn, ms);
        return () => clearInterval(id);
      },
      whenIntent: (fn) => {
        const id = setTimeout(fn, 0);
        return () => clearTimeout(id);
      },
      whenIdle: (fn) => {
        const id = setTimeout(fn, 0);
        return () => clearTimeout(id);
      },
    },
    navigation: {
      href: () => url.href,
      host: () => url.host,
      pathname: () => url.pathname,
      query: () => new URLSearchParams(url.search),
      assign: (to) => void record.navigations.push({ kind: 'assign', url: to }),
      replace: (to) => void record.navigations.push({ kind: 'replace', url: to }),
      reload: () => void record.navigations.push({ kind: 'reload' }),
      isOnline: () => network.online,
      onceOnline: (fn) => {
        network.waiting.add(fn);
        return () => void network.waiting.delete(fn);
      },
    },
    logger: {
      report: (error, context) =>
        void record.reports.push(context ? { error, context } : { error }),
      track: (event, data) => void record.tracks.push(data ? { event, data } : { event }),
      info: () => undefined,
    },
    ui: {
      toast: (options) =>
        void record.toasts.push(typeof options === 'string' ? { text: options } : options),
      confirm: async (options) => {
        record.dialogs.push(options);
        return true;
      },
      loading: () => undefined,
      menuGuide: (text) => void record.menuGuides.push(text),
    },
    env: browserEnvironment,
    ...rest,
  };
  return Object.assign(services, { record, network });
}
