import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeWindow } from '../services/bridge/bridge-global';
import { installFakeBridge, type FakeBridgeOptions } from '../services/bridge/fake-bridge';
import { createNativeBridge } from '../services/bridge/native-bridge';
import { createBrowserClock } from '../services/browser/clock';
import type { NativeBridge } from '../services/types';
import { isPlainToast, withNativeUi } from './native-ui';
import { createUiController } from './ui-controller';

// spec §7 "Native bridge": loading and toast are the app's inside the provider's apps.

function setup(inProviderApp: boolean, fake: FakeBridgeOptions = {}) {
  const win: BridgeWindow = { history: { back: vi.fn() } };
  const bridgeGlobal = installFakeBridge(win, fake);
  const clock = createBrowserClock();
  const controller = createUiController(clock);
  const bridge = createNativeBridge({ win, clock, ui: controller.service });
  const ui = withNativeUi({ web: controller.service, bridge, inProviderApp });
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const methods = () => bridgeGlobal.calls.map((c) => c.method);
  return { ui, controller, bridgeGlobal, flush, methods };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withNativeUi', () => {
  it("in the app, a plain toast is the bridge's and no web toast shows", async () => {
    const { ui, controller, bridgeGlobal, flush } = setup(true);
    ui.toast('已领取');
    ui.toast({ text: '已预约', variant: 'short' });
    await flush();
    expect(bridgeGlobal.calls).toEqual([
      { method: 'toast', args: { text: '已领取' } },
      { method: 'toast', args: { text: '已预约' } },
    ]);
    expect(controller.getSnapshot().toasts).toEqual([]);
  });

  it('keeps masked, html and keep-alive toasts on the web UI (they need its mask, button or closer)', async () => {
    const { ui, controller, methods, flush } = setup(true);
    ui.toast({ text: 'a', variant: 'masked', buttonText: '好的' });
    ui.toast({ text: 'b', variant: 'html' });
    const close = ui.toast({ text: 'c', keepAlive: true });
    await flush();
    expect(methods()).toEqual([]);
    expect(controller.getSnapshot().toasts.map((t) => t.options.text)).toEqual(['a', 'b', 'c']);
    close();
    expect(controller.getSnapshot().toasts.map((t) => t.options.text)).toEqual(['a', 'b']);
  });

  it("in the app, loading is the bridge's: shown on the first request, hidden after the last", async () => {
    const { ui, controller, bridgeGlobal, flush } = setup(true);
    ui.loading(true);
    ui.loading(true);
    ui.loading(false);
    await flush();
    expect(bridgeGlobal.calls).toEqual([{ method: 'loading', args: { show: true } }]);
    ui.loading(false);
    ui.loading(false); // an unpaired hide changes nothing
    await flush();
    expect(bridgeGlobal.calls.slice(1)).toEqual([{ method: 'loading', args: { show: false } }]);
    expect(controller.getSnapshot().loading).toBe('hidden');
  });

  it('uses the web toast and loading where the app lacks the methods', async () => {
    const { ui, controller, methods, flush } = setup(true, { methods: ['login'] });
    ui.toast('你好');
    ui.loading(true);
    await flush();
    expect(methods()).toEqual([]);
    expect(controller.getSnapshot().toasts.map((t) => t.options.text)).toEqual(['你好']);
    expect(controller.getSnapshot().loading).toBe('shown');
  });

  it('outside the provider apps is the web kit itself, even with a bridge on the window', async () => {
    const { ui, controller, methods, flush } = setup(false);
    expect(ui).toBe(controller.service);
    ui.toast('你好');
    await flush();
    expect(methods()).toEqual([]);
  });

  it('falls back to the web toast and loading when the bridge cannot load', async () => {
    const controller = createUiController(createBrowserClock());
    const failing: Pick<NativeBridge, 'supports' | 'toast' | 'showLoading'> = {
      supports: () => true,
      toast: () => Promise.reject(new Error('chunk failed')),
      showLoading: () => Promise.reject(new Error('chunk failed')),
    };
    const ui = withNativeUi({ web: controller.service, bridge: failing, inProviderApp: true });
    ui.toast('你好');
    ui.loading(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot().toasts.map((t) => t.options.text)).toEqual(['你好']);
    expect(controller.getSnapshot().loading).toBe('shown');
  });

  it('isPlainToast: default and short variants that close by themselves', () => {
    expect(isPlainToast({ text: 'x' })).toBe(true);
    expect(isPlainToast({ text: 'x', variant: 'short', duration: 1000 })).toBe(true);
    expect(isPlainToast({ text: 'x', keepAlive: true })).toBe(false);
    expect(isPlainToast({ text: 'x', variant: 'masked' })).toBe(false);
    expect(isPlainToast({ text: 'x', variant: 'html' })).toBe(false);
    expect(isPlainToast({ text: 'x', onButton: () => undefined })).toBe(false);
  });
});
