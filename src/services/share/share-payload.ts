/**
 * One function that turns an activity's share fields and the route's share info (spec §3) into
 * the payload every share channel gets, plus the per-channel links (spec §3: 'from' replaced or
 * appended with the channel).
 */
import { CAN_SHARE_ALLOWED, SHARE_THIS_URL } from '../../spec/constants';
import type { SharePayload } from '../types';
import { validateTarget } from '../deep-link/validate-target';
import { DEFAULT_SHARE_TEXT, DEFAULT_SHARE_TITLE } from './share-copy';

/** spec §3 Activity share fields; values come from JSON as numbers or numeric strings. */
export interface ActivityShareFields {
  canShare?: unknown;
  shareThis?: unknown;
  shareUrl?: unknown;
  shareTitle?: unknown;
  shareContent?: unknown;
  shareIconUrl?: unknown;
}

/** spec §3 route share info. */
export interface RouteShareInfo {
  isShare?: boolean;
  title?: string;
  desc?: string;
}

export interface ShareSource {
  /** Where the page runs (the link shared when shareThis is 1 or the share URL is refused). */
  pageUrl: string;
  /** Our origin, for validating the share URL. */
  ownOrigin: string;
  activity?: ActivityShareFields;
  route?: RouteShareInfo;
  imageUrl?: string;
  sharer?: string[];
  sharerAll?: boolean;
}

/** spec §3: the messaging app's per-channel variants. */
export const WECHAT_CHANNELS = ['wechat', 'timeline', 'qq', 'qzone'] as const;
export type WechatChannel = (typeof WECHAT_CHANNELS)[number];

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function flag(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** spec §3: the link's 'from' query parameter replaced or appended with the channel. */
export function withFromChannel(url: string, channel: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('from', channel);
  return parsed.href;
}

/**
 * The share payload, or null when sharing is off: the activity says canShare != 1, or (with no
 * activity) the route does not set isShare. Activity fields win over the route's; the spec §1
 * default text fills the gaps. The link is always a validated web URL of ours or the provider.
 */
export function computeSharePayload(source: ShareSource): SharePayload | null {
  const { activity, route } = source;
  if (activity) {
    if (flag(activity.canShare) !== CAN_SHARE_ALLOWED) return null;
  } else if (!route?.isShare) {
    return null;
  }
  const policy = { ownOrigin: source.ownOrigin, allowRelative: true, allowAppSchemes: false };
  const page = validateTarget(source.pageUrl, policy);
  const wanted =
    activity && flag(activity.shareThis) === SHARE_THIS_URL ? text(activity.shareUrl) : null;
  const chosen = wanted !== null ? validateTarget(wanted, policy) : page;
  const link = chosen.ok ? chosen : page;
  if (!link.ok) return null;

  const payload: SharePayload = {
    url: link.url,
    subject: text(activity?.shareTitle) ?? text(route?.title) ?? DEFAULT_SHARE_TITLE,
    text: text(activity?.shareContent) ?? text(route?.desc) ?? DEFAULT_SHARE_TEXT,
  };
  const icon = text(activity?.shareIconUrl);
  if (icon !== null) payload.iconUrl = icon;
  if (source.imageUrl !== undefined) payload.imageUrl = source.imageUrl;
  if (source.sharer !== undefined) payload.sharer = source.sharer;
  if (source.sharerAll !== undefined) payload.sharerAll = source.sharerAll;
  return payload;
}

/** spec §3: in the messaging app, one payload per channel, each link tagged with its channel. */
export function wechatChannelPayloads(
  payload: SharePayload,
): Readonly<Record<WechatChannel, SharePayload>> {
  const make = (channel: WechatChannel) => ({
    ...payload,
    url: withFromChannel(payload.url, channel),
  });
  return {
    wechat: make('wechat'),
    timeline: make('timeline'),
    qq: make('qq'),
    qzone: make('qzone'),
  };
}
