/**
 * The real messaging-app JS-SDK adapter: loads the SDK script once and drives its global `wx`.
 * The script address is the SDK vendor's published one; pass another to self-host it.
 */
import { WECHAT_SDK_SCRIPT_URL } from '../../contracts/hosts/wechat-sdk';
import type { WechatChannel } from './share-payload';
import type { WechatSdkAdapter, WechatShareData, WechatSignature } from './wechat-sdk';

/**
 * spec §3 wants a link per channel (wechat, timeline, qq, qzone). The SDK's newer pair of share
 * APIs covers two channels each, so a second call would overwrite the first channel's link; the
 * per-channel APIs keep one link per channel.
 */
const CHANNEL_APIS = {
  wechat: 'onMenuShareAppMessage',
  timeline: 'onMenuShareTimeline',
  qq: 'onMenuShareQQ',
  qzone: 'onMenuShareQZone',
} as const satisfies Record<WechatChannel, string>;
const JS_API_LIST: string[] = Object.values(CHANNEL_APIS);

type ChannelApi = (typeof CHANNEL_APIS)[WechatChannel];

/** The part of the SDK's global we use. */
type WxGlobal = {
  config(options: WechatSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(fn: () => void): void;
  error(fn: (error: unknown) => void): void;
} & Record<ChannelApi, (data: WechatShareData) => void>;

function wxOf(win: Window): WxGlobal | undefined {
  const value: unknown = Reflect.get(win, 'wx');
  return typeof value === 'object' && value !== null ? (value as WxGlobal) : undefined;
}

export function createWechatSdkAdapter(
  win: Window,
  scriptUrl: string = WECHAT_SDK_SCRIPT_URL,
): WechatSdkAdapter {
  let loading: Promise<void> | null = null;
  const wx = (): WxGlobal => {
    const found = wxOf(win);
    if (!found) throw new Error('messaging-app SDK not loaded');
    return found;
  };
  return {
    load() {
      if (wxOf(win)) return Promise.resolve();
      loading ??= new Promise<void>((resolve, reject) => {
        const script = win.document.createElement('script');
        script.src = scriptUrl;
        script.async = true;
        script.onload = () => (wxOf(win) ? resolve() : reject(new Error('SDK global missing')));
        script.onerror = () => {
          loading = null;
          reject(new Error('messaging-app SDK failed to load'));
        };
        win.document.head.appendChild(script);
      });
      return loading;
    },
    configure(signature) {
      const sdk = wx();
      return new Promise<void>((resolve, reject) => {
        sdk.ready(resolve);
        sdk.error(reject);
        sdk.config({ ...signature, debug: false, jsApiList: JS_API_LIST });
      });
    },
    setShareData(channel: WechatChannel, data: WechatShareData) {
      wx()[CHANNEL_APIS[channel]](data);
    },
  };
}
