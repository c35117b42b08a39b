import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeGlobal, BridgeWindow } from '../services/bridge/bridge-global';
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

  it('shares through the lazily loaded share service (outside the apps: not in client)', async () => {
    const { services } = createBrowserServices(window);
    await expect(services.share.share({ url: window.location.href })).resolves.toBe('error');
  });

  it('needs no preparation on an ordinary visit', () => {
    expect(prepareBrowser(window)).toBeNull();
  });
});
