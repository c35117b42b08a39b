/**
 * The messaging app's JS-SDK, behind an adapter so nothing else loads scripts or touches its
 * global. The real adapter (a script tag and the SDK's global object) is wired by the app shell;
 * tests use a fake that records calls.
 */
import type { WechatChannel } from './share-payload';

/** spec §3 messaging-app signature fields, plus the app id. */
export interface WechatSignature {
  appId: string;
  timestamp: string | number;
  nonceStr: string;
  signature: string;
}

export interface WechatShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

export interface WechatSdkAdapter {
  /** Loads the SDK script once; resolves when its global is ready. */
  load(): Promise<void>;
  /** Calls the SDK's config with the signature; resolves on ready, rejects on its error. */
  configure(signature: WechatSignature): Promise<void>;
  /** Sets what the user shares to one channel from the app's menu. */
  setShareData(channel: WechatChannel, data: WechatShareData): void;
}
