import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWechatSdkAdapter } from './wechat-sdk-browser';

const signature = { appId: 'wxapp', timestamp: 1, nonceStr: 'n', signature: 's' };
const data = { title: 't', desc: 'd', link: 'https://x/?from=wechat', imgUrl: 'https://i' };

function fakeWx(outcome: 'ready' | 'error' = 'ready') {
  let onReady = () => undefined as void;
  let onError = (_e: unknown) => undefined as void;
  return {
    ready: vi.fn((fn: () => void) => void (onReady = fn)),
    error: vi.fn((fn: (e: unknown) => void) => void (onError = fn)),
    config: vi.fn(() => (outcome === 'ready' ? onReady() : onError(new Error('bad')))),
    onMenuShareAppMessage: vi.fn(),
    onMenuShareTimeline: vi.fn(),
    onMenuShareQQ: vi.fn(),
    onMenuShareQZone: vi.fn(),
  };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'wx');
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('browser messaging-app SDK adapter', () => {
  it('loads the script once and resolves when the global appears', async () => {
    const sdk = createWechatSdkAdapter(window, 'https://sdk.test/jssdk.js');
    const first = sdk.load();
    const second = sdk.load();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://sdk.test/jssdk.js');
    Reflect.set(window, 'wx', fakeWx());
    scripts[0]?.onload?.(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
  });

  it('a script error rejects', async () => {
    const sdk = createWechatSdkAdapter(window, 'https://sdk.test/jssdk.js');
    const p = sdk.load();
    document.head.querySelector('script')?.onerror?.(new Event('error'));
    await expect(p).rejects.toThrow(/failed to load/);
  });

  it('configures with the signature and the share APIs; ready resolves, error rejects', async () => {
    const wx = fakeWx();
    Reflect.set(window, 'wx', wx);
    const sdk = createWechatSdkAdapter(window);
    await expect(sdk.configure(signature)).resolves.toBeUndefined();
    expect(wx.config).toHaveBeenCalledWith({
      ...signature,
      debug: false,
      jsApiList: [
        'onMenuShareAppMessage',
        'onMenuShareTimeline',
        'onMenuShareQQ',
        'onMenuShareQZone',
      ],
    });
    Reflect.set(window, 'wx', fakeWx('error'));
    await expect(createWechatSdkAdapter(window).configure(signature)).rejects.toThrow('bad');
  });

  it('gives each channel its own API, so no channel overwrites another', () => {
    const wx = fakeWx();
    Reflect.set(window, 'wx', wx);
    const sdk = createWechatSdkAdapter(window);
    const link = (c: string) => ({ ...data, link: `https://x/?from=${c}` });
    for (const c of ['wechat', 'timeline', 'qq', 'qzone'] as const) sdk.setShareData(c, link(c));
    expect(wx.onMenuShareAppMessage).toHaveBeenCalledExactlyOnceWith(link('wechat'));
    expect(wx.onMenuShareTimeline).toHaveBeenCalledExactlyOnceWith(link('timeline'));
    expect(wx.onMenuShareQQ).toHaveBeenCalledExactlyOnceWith(link('qq'));
    expect(wx.onMenuShareQZone).toHaveBeenCalledExactlyOnceWith(link('qzone'));
  });
});
