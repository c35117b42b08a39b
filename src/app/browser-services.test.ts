import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeGlobal, BridgeWindow } from '../services/bridge/bridge-global';
import { installFakeBridge } from '../services/bridge/fake-bridge';
import { createBrowserServices, prepareBrowser } from './browser-services';

const bridgeWindow = window as unknown as BridgeWindow;

afterEach(() => {
  delete bridgeWindow.MiFinanceBridge;
  for (const name of ['userId', 'serviceToken']) document.cookie = `${name}=; path=/; max-age=0`;
});

describe('createBrowserServices (lazily loaded parts)', () => {
  it('answers the logged-in check synchronously from the cookies', () => {
    const { services } = createBrowserServices(window);
    expect(services.auth.isLoggedIn()).toBe(false);
    expect(services.auth.userId()).toBeNull();
    document.cookie = 'userId=42; path=/';
    document.cookie = 'serviceToken=t; path=/';
    expect(services.auth.isLoggedIn()).toBe(true);
    expect(services.auth.userId()).toBe('42');
  });

  it("reads the bridge's presence and methods synchronously, and loads its calls on first use", async () => {
    const invoked: string[] = [];
    const global: BridgeGlobal = {
      supports: (method) => method === 'toast',
      invoke(method, _args, callback) {
        invoked.push(method);
        const slot = Reflect.get(window, callback) as (raw: string) => void;
        queueMicrotask(() => slot('{"code":0}'));
      },
    };
    const { services } = createBrowserServices(window);
    expect(services.bridge.available).toBe(false);
    bridgeWindow.MiFinanceBridge = global;
    expect(services.bridge.available).toBe(true);
    expect(services.bridge.supports('toast')).toBe(true);
    expect(services.bridge.supports('pay')).toBe(false);
    await services.bridge.toast('你好');
    expect(invoked).toEqual(['toast']);
  });

  it("inside a provider app the pages' toast is the bridge's; the web kit shows none (spec §7)", async () => {
    const fake = installFakeBridge(bridgeWindow, { app: 'finance' });
    const { services, ui } = createBrowserServices(window);
    expect(services.env.inProviderApp).toBe(true);
    services.ui.toast({ text: '领取成功', variant: 'short' });
    await vi.waitFor(() =>
      expect(fake.calls).toContainEqual({ method: 'toast', args: { text: '领取成功' } }),
    );
    expect(ui.getSnapshot().toasts).toEqual([]);
  });

  it('inside a provider app every call carries the seven app fields the app reports (spec §3)', async () => {
    installFakeBridge(bridgeWindow, { app: 'wallet', appVersion: '6.80.0' });
    const sent: string[] = [];
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      sent.push(`${String(input)} ${typeof init?.body === 'string' ? init.body : ''}`);
      return new Response(JSON.stringify({ code: 0, value: {} }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      const { services } = createBrowserServices(window);
      await services.api.call('generalActivity.luckDraw', { activityCode: 'x' });
    } finally {
      fetch.mockRestore();
    }
    const request = decodeURIComponent(sent.join('\n'));
    const fields = {
      appId: 'fake-wallet-app',
      oaid: 'fake-oaid-0001',
      regId: 'fake-regid-0001',
      app: 'wallet',
      versionCode: '68000',
      versionName: '6.80.0',
      sdkVersionCode: '34',
    };
    for (const [key, value] of Object.entries(fields)) {
      expect(request).toMatch(new RegExp(`\\b${key}\\W+${value.replaceAll('.', '\\.')}\\b`));
    }
  });

  it("in a browser the toast is the web kit's", () => {
    const { services, ui } = createBrowserServices(window);
    services.ui.toast('你好');
    expect(ui.getSnapshot().toasts.map((t) => t.options.text)).toEqual(['你好']);
  });

  it('shares through the lazily loaded share service (outside the apps: not in client)', async () => {
    const { services } = createBrowserServices(window);
    await expect(services.share.share({ url: window.location.href })).resolves.toBe('error');
  });

  it('needs no preparation on an ordinary visit', () => {
    expect(prepareBrowser(window)).toBeNull();
  });
});

describe('preview overrides (issue 11): dev server only', () => {
  const at = (search: string) =>
    window.history.replaceState(null, '', `/mp/activity/luckDraw${search}`);

  afterEach(() => {
    vi.unstubAllEnvs();
    window.sessionStorage.clear();
    at('');
  });

  it('in a dev build, ?fakeHost=wechat and ?fakeDate= reach the environment and the clock', () => {
    at('?fakeHost=wechat&fakeDate=2030-06-01T08:00');
    const { services } = createBrowserServices(window);
    expect(services.env.host).toBe('wechat');
    const now = services.clock.now();
    // China time, whatever the machine's zone (issue 34).
    expect(now).toBeGreaterThanOrEqual(Date.parse('2030-06-01T08:00:00+08:00'));
    expect(now).toBeLessThan(Date.parse('2030-06-01T08:01:00+08:00'));
  });

  it('in a production build the same address changes nothing', () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('PROD', true);
    at('?fakeHost=wechat&fakeDate=2030-06-01T08:00');
    const before = Date.now();
    const { services } = createBrowserServices(window);
    expect(services.env.host).toBe('browser');
    expect(Math.abs(services.clock.now() - before)).toBeLessThan(60_000);
  });

  it('in a dev build, an address without overrides gets the ones this tab chose', () => {
    at('?fakeHost=wechat');
    expect(prepareBrowser(window)).toBeNull(); // remembered; WeChat needs no fake bridge
    at('?from=push');
    prepareBrowser(window);
    expect(window.location.search).toBe('?from=push&fakeHost=wechat');
  });

  it('in a production build ?preview&fakeBridge= installs no fake bridge (issue 35)', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('PROD', true);
    at('?preview&fakeBridge=wallet&fakeDate=2030-01-01');
    expect(prepareBrowser(window)).toBeNull();
    const { services } = createBrowserServices(window);
    expect(services.bridge.available).toBe(false);
    expect(services.env.inProviderApp).toBe(false);
    // On the dev server the same address does install it.
    vi.unstubAllEnvs();
    await prepareBrowser(window);
    expect(createBrowserServices(window).services.bridge.available).toBe(true);
    delete (window as unknown as Record<string, unknown>).MiFinanceBridge;
  });

  it('in a production build the tab remembers nothing and the address stays as it is', () => {
    window.sessionStorage.setItem(
      'ce-preview-overrides',
      JSON.stringify({ app: 'wechat', appVersion: null, date: null }),
    );
    vi.stubEnv('DEV', false);
    vi.stubEnv('PROD', true);
    at('?from=push');
    expect(prepareBrowser(window)).toBeNull();
    expect(window.location.search).toBe('?from=push');
  });
});
