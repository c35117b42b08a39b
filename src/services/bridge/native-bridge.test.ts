import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectEnvironment } from '../../contracts/env/detect';
import { createBrowserClock } from '../browser/clock';
import { readBridgeInfo, type BridgeWindow } from './bridge-global';
import {
  installFakeBridge,
  installFakeBridgeFromQuery,
  type FakeBridgeOptions,
} from './fake-bridge';
import {
  BRIDGE_FAILURE_CODE,
  BRIDGE_TIMEOUTS_MS,
  createNativeBridge,
  NOT_IN_CLIENT_CODE,
  NOT_IN_CLIENT_MESSAGE,
} from './native-bridge';

function setup(fake?: FakeBridgeOptions, dark = false) {
  const win: BridgeWindow = {
    history: { back: vi.fn() },
    matchMedia: (query) => ({ matches: dark && query.includes('dark') }),
  };
  const installed = fake ? installFakeBridge(win, fake) : null;
  const ui = { toast: vi.fn(), loading: vi.fn() };
  const bridge = createNativeBridge({ win, clock: createBrowserClock(), ui });
  return { win, bridge, ui, fake: installed };
}

const callbackNames = (win: BridgeWindow) =>
  Object.keys(win).filter((k) => k.startsWith('__mpBridge'));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('native bridge in the app (fake global)', () => {
  it('is available and detects features', () => {
    const { bridge } = setup({ methods: ['login', 'toast'] });
    expect(bridge.available).toBe(true);
    expect(bridge.supports('login')).toBe(true);
    expect(bridge.supports('pay')).toBe(false);
  });

  it('calls native methods with JSON args and resolves their answers', async () => {
    const { bridge, fake, ui } = setup({});
    await expect(bridge.deviceInfo()).resolves.toMatchObject({ deviceModel: 'FakePhone' });
    await expect(bridge.location()).resolves.toEqual({ longitude: 116.397, latitude: 39.909 });
    await expect(bridge.login()).resolves.toBe(true);
    await expect(bridge.share({ url: 'https://x.test' })).resolves.toEqual({ code: 1 });
    await expect(bridge.pay({ orderId: 'o1' }, 'v2')).resolves.toEqual({ code: 0 });
    await bridge.toast('hi');
    await bridge.showLoading(true);
    await bridge.closePage();
    await expect(bridge.themeMode()).resolves.toBe('light');
    expect(fake?.calls.map((c) => c.method)).toEqual([
      'deviceInfo',
      'location',
      'login',
      'share',
      'payV2',
      'toast',
      'loading',
      'closePage',
      'themeMode',
    ]);
    expect(fake?.calls[4]?.args).toEqual({ orderId: 'o1' });
    expect(fake?.calls[5]?.args).toEqual({ text: 'hi' });
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('asks for other apps’ versions (ours: appVersions) and launches mini-programs from the wallet client only', async () => {
    const { bridge } = setup({ app: 'wallet' });
    await expect(
      bridge.appVersions(['com.ss.android.ugc.aweme', 'com.youku.phone']),
    ).resolves.toEqual({ 'com.ss.android.ugc.aweme': '30.1.0', 'com.youku.phone': null });
    await expect(bridge.launchMiniProgram({ userName: 'gh_0123456789ab' })).resolves.toEqual({
      code: 0,
    });
    const finance = setup({ app: 'finance' });
    expect(finance.bridge.supports('launchMiniProgram')).toBe(false);
    const noWechat = setup({ app: 'wallet', messagingApp: false });
    await expect(
      noWechat.bridge.launchMiniProgram({ userName: 'gh_0123456789ab' }),
    ).resolves.toEqual({ code: 2 });
  });

  it('removes its callbacks after each answer', async () => {
    const { bridge, win } = setup({});
    await bridge.deviceInfo();
    expect(callbackNames(win)).toEqual([]);
  });

  it('passes share error codes through and reads a failed login as false', async () => {
    const { bridge } = setup({
      handlers: { share: () => ({ code: -200, message: 'bad' }), login: () => ({ code: 3 }) },
    });
    await expect(bridge.share({ url: 'u' })).resolves.toEqual({ code: -200, message: 'bad' });
    await expect(bridge.login()).resolves.toBe(false);
  });

  it('times out quick calls and falls back (device info: {})', async () => {
    const { bridge, win } = setup({ silent: ['deviceInfo', 'toast'] });
    const info = bridge.deviceInfo();
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS_MS.deviceInfo);
    await expect(info).resolves.toEqual({});
    expect(callbackNames(win)).toEqual([]);
  });

  it('does not repeat a toast in the page when the native one answered late', async () => {
    const { bridge, ui } = setup({ silent: ['toast'] });
    const done = bridge.toast('x');
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS_MS.quick);
    await done;
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('never times out interactive calls (login waits for the user)', async () => {
    const { bridge } = setup({ silent: ['login'] });
    const settled = vi.fn();
    void bridge.login().then(settled);
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(settled).not.toHaveBeenCalled();
  });

  it('reports a throwing native share as a failure, not as "not in client"', async () => {
    const { bridge, win } = setup({});
    const global = win.MiFinanceBridge;
    if (global) {
      global.invoke = () => {
        throw new Error('native crash');
      };
    }
    await expect(bridge.share({ url: 'u' })).resolves.toMatchObject({ code: BRIDGE_FAILURE_CODE });
  });

  it('tells detectEnvironment which app it is', () => {
    const { win } = setup({ app: 'wallet', appVersion: '6.80.0', nfc: true });
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
    expect(detectEnvironment(desktop, readBridgeInfo(win))).toMatchObject({
      host: 'wallet',
      appVersion: '6.80.0',
      nfc: true,
      inProviderApp: true,
    });
  });
});

describe('native bridge fallbacks in a browser', () => {
  it('is unavailable and supports nothing', () => {
    const { bridge } = setup();
    expect(bridge.available).toBe(false);
    expect(bridge.supports('login')).toBe(false);
  });

  it('login → false (so auth redirects), share → -100 not in client, pay → unavailable', async () => {
    const { bridge } = setup();
    await expect(bridge.login()).resolves.toBe(false);
    await expect(bridge.share({ url: 'u' })).resolves.toEqual({
      code: NOT_IN_CLIENT_CODE,
      message: NOT_IN_CLIENT_MESSAGE,
    });
    expect(NOT_IN_CLIENT_CODE).toBe(-100);
    await expect(bridge.pay({})).resolves.toEqual({ code: NOT_IN_CLIENT_CODE });
  });

  it('toast and loading → the page UI; close → history.back; no device info or location', async () => {
    const { bridge, ui, win } = setup();
    await bridge.toast('hello');
    await bridge.showLoading(true);
    await bridge.closePage();
    expect(ui.toast).toHaveBeenCalledWith('hello');
    expect(ui.loading).toHaveBeenCalledWith(true);
    expect(win.history.back).toHaveBeenCalledTimes(1);
    await expect(bridge.deviceInfo()).resolves.toEqual({});
    await expect(bridge.location()).resolves.toBeNull();
  });

  it('theme mode → prefers-color-scheme', async () => {
    await expect(setup(undefined, true).bridge.themeMode()).resolves.toBe('dark');
    await expect(setup(undefined, false).bridge.themeMode()).resolves.toBe('light');
  });

  it('falls back per method when the app lacks it', async () => {
    const { bridge, ui } = setup({ methods: ['login'] });
    await bridge.toast('t');
    expect(ui.toast).toHaveBeenCalledWith('t');
  });
});

describe('fake bridge preview switch', () => {
  const win = (): BridgeWindow => ({ history: { back: () => undefined } });

  it('installs for ?fakeBridge=<app> when allowed', () => {
    const target = win();
    const fake = installFakeBridgeFromQuery(
      target,
      new URLSearchParams('fakeBridge=payments&fakeBridgeVersion=6.73.0'),
      true,
    );
    expect(target.MiFinanceBridge).toBe(fake);
    expect(readBridgeInfo(target)).toEqual({ app: 'payments', appVersion: '6.73.0', nfc: false });
  });

  it("answers the app's theme mode given by &fakeBridgeTheme (light by default)", async () => {
    const ask = async (query: string) => {
      const target = win();
      installFakeBridgeFromQuery(target, new URLSearchParams(query), true);
      const bridge = createNativeBridge({
        win: target,
        clock: createBrowserClock(),
        ui: { toast: vi.fn(), loading: vi.fn() },
      });
      return bridge.themeMode();
    };
    await expect(ask('fakeBridge=finance&fakeBridgeTheme=dark')).resolves.toBe('dark');
    await expect(ask('fakeBridge=finance')).resolves.toBe('light');
  });

  it('gives the fake phone NFC with &fakeBridgeNfc=1 (the NFC pages)', () => {
    const target = win();
    installFakeBridgeFromQuery(
      target,
      new URLSearchParams('fakeBridge=wallet&fakeBridgeNfc=1'),
      true,
    );
    expect(readBridgeInfo(target)?.nfc).toBe(true);
  });

  it('does nothing when not allowed, for unknown apps, or over a real bridge', () => {
    expect(
      installFakeBridgeFromQuery(win(), new URLSearchParams('fakeBridge=finance'), false),
    ).toBeNull();
    expect(
      installFakeBridgeFromQuery(win(), new URLSearchParams('fakeBridge=evil'), true),
    ).toBeNull();
    const real = win();
    real.MiFinanceBridge = { invoke: () => undefined };
    expect(
      installFakeBridgeFromQuery(real, new URLSearchParams('fakeBridge=finance'), true),
    ).toBeNull();
  });

  it('runs the login hook (e.g. preview cookies)', async () => {
    const onLogin = vi.fn();
    const { bridge } = setup({ onLogin });
    await bridge.login();
    expect(onLogin).toHaveBeenCalledTimes(1);
  });
});
