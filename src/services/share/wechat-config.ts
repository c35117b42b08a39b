/**
 * Configures the messaging app's JS-SDK share data (spec §3, §7, §9): sign the right URL with
 * GET /mp/api/transpond/wechat, wait the spec's delay, configure, then set one payload per channel.
 */
import {
  WECHAT_CONFIG_DELAY_MS,
  WECHAT_CONFIG_HELPER_DELAY_MS,
  WECHAT_SIGNATURE_SUCCESS_CODE,
} from '../../spec/constants';
import type { ApiClient, Clock, Environment, Logger, Navigation, SharePayload } from '../types';
import { WECHAT_CHANNELS, wechatChannelPayloads } from './share-payload';
import type { WechatSdkAdapter, WechatSignature } from './wechat-sdk';

export const WECHAT_SIGNATURE_API = 'transpond.wechat';

export interface WechatConfigDeps {
  api: ApiClient;
  clock: Clock;
  env: Pick<Environment, 'os'>;
  navigation: Pick<Navigation, 'href'>;
  logger: Logger;
  sdk: WechatSdkAdapter;
  /** The address of the first page load, recorded at start-up (iOS signs this one). */
  landingUrl: string;
  /** 'helper': the helper variant's longer delay (spec §9: 800 ms instead of 400 ms). */
  variant?: 'default' | 'helper';
}

/**
 * The URL the signature must cover. In history-mode apps the messaging app on iOS keeps the
 * address of the first load as the signing URL, while Android uses the current one; the hash is
 * never part of it.
 */
export function signingUrl(os: Environment['os'], landingUrl: string, currentUrl: string): string {
  const url = os === 'ios' ? landingUrl : currentUrl;
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

function isSignature(value: unknown): value is WechatSignature {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['appId'] === 'string' &&
    (typeof v['timestamp'] === 'string' || typeof v['timestamp'] === 'number') &&
    typeof v['nonceStr'] === 'string' &&
    typeof v['signature'] === 'string'
  );
}

/** spec §7: code 1 = ok, result.data holds the signature fields. Null on any other answer. */
export async function fetchWechatSignature(
  api: ApiClient,
  url: string,
): Promise<WechatSignature | null> {
  const response = await api.call(WECHAT_SIGNATURE_API, { url });
  if (response.code !== WECHAT_SIGNATURE_SUCCESS_CODE) return null;
  const data = response.result?.data;
  return isSignature(data) ? data : null;
}

function delay(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => void clock.setTimeout(resolve, ms));
}

/**
 * Applies `payload` as the messaging app's share data. Resolves true once the SDK accepted it,
 * false (and reported) when signing or configuring failed.
 */
export async function applyWechatShare(
  deps: WechatConfigDeps,
  payload: SharePayload,
): Promise<boolean> {
  const wait = deps.variant === 'helper' ? WECHAT_CONFIG_HELPER_DELAY_MS : WECHAT_CONFIG_DELAY_MS;
  try {
    await delay(deps.clock, wait);
    const url = signingUrl(deps.env.os, deps.landingUrl, deps.navigation.href());
    const signature = await fetchWechatSignature(deps.api, url);
    if (!signature) throw new Error('messaging-app signature refused');
    await deps.sdk.load();
    await deps.sdk.configure(signature);
    const perChannel = wechatChannelPayloads(payload);
    for (const channel of WECHAT_CHANNELS) {
      const p = perChannel[channel];
      deps.sdk.setShareData(channel, {
        title: p.subject ?? '',
        desc: p.text ?? '',
        link: p.url,
        imgUrl: p.iconUrl ?? p.imageUrl ?? '',
      });
    }
    return true;
  } catch (error) {
    deps.logger.report(error, { where: 'wechat share config' });
    return false;
  }
}
