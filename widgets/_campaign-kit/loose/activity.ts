/**
 * The parts of the activity answer a widget takes for itself. The activity's `activityConfig` is
 * spec-shaped JSON text (spec §3) that no contract types: src/engine/page/activity-config.ts
 * parses it, and the parsed configuration is read here, value by value.
 */
import { isSafeUrl } from '../../../src/engine/document/safe-url';
import { normalizeActivity } from '../../../src/engine/page/activity-config';
import type { ApiEnvelope } from '../../../src/services/types';
import { CAN_SHARE_ALLOWED, SHARE_THIS_URL } from '../../../src/spec/constants';
import { isRecord, num, rawPayloadOf, str } from './read';

/**
 * The activity of an activity-info answer with its JSON text fields parsed (the same reading as
 * the page's own, src/engine/page/activity-config.ts); null while there is none.
 */
export function activityOf(envelope: ApiEnvelope | undefined): Record<string, unknown> | null {
  return normalizeActivity(envelope ? rawPayloadOf(envelope) : null);
}

/** The activity (normalized or raw) as a record; empty when there is none. */
export function activityRecordOf(activity: unknown): Record<string, unknown> {
  return isRecord(activity) ? activity : {};
}

/** What the phase of the page's activity is read from (the activity answer, spec §3). */
export interface ActivityTiming {
  /** null when the answer names none. */
  activityCode: string | null;
  /** The server's `status` (server/src/domain/activity-guard.ts), null when absent. */
  status: string | null;
  startTime: number | null;
  endTime: number | null;
}

/** The page's activity's code, status and times; null when the page has no activity. */
export function activityTimingOf(activity: unknown): ActivityTiming | null {
  if (!isRecord(activity)) return null;
  const time = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    activityCode: typeof activity.activityCode === 'string' ? activity.activityCode : null,
    status: typeof activity.status === 'string' ? activity.status : null,
    startTime: time(activity.startTime),
    endTime: time(activity.endTime),
  };
}

/** spec §3 ShareInfo (inside activityConfig) with the activity's own share fields behind it. */
export interface ActivityShare {
  /** canShare 1 = allowed, and ShareInfo.need not turned off; true when there is no activity. */
  allowed: boolean;
  entryImage: string | null;
  left: number;
  /** null when ShareInfo gives no position. */
  top: number | null;
  title: string;
  text: string;
  /** The page to share when shareThis says so (spec §3), a safe address only. */
  url: string | null;
  iconUrl: string | null;
}

export function activityShareOf(activity: unknown): ActivityShare {
  const a = activityRecordOf(activity);
  const config = isRecord(a.activityConfig) ? a.activityConfig : {};
  const info = isRecord(config.shareInfo) ? config.shareInfo : {};
  const hasActivity = Object.keys(a).length > 0;
  const allowed =
    !hasActivity ||
    (num(a.canShare, CAN_SHARE_ALLOWED) === CAN_SHARE_ALLOWED &&
      info.need !== false &&
      info.need !== 0);
  const pageUrl =
    num(info.shareThis ?? a.shareThis) === SHARE_THIS_URL ? info.pageUrl || a.shareUrl : null;
  const icon = info.iconImage ?? a.shareIconUrl;
  const top = num(info.positionTop, NaN);
  return {
    allowed,
    entryImage: isSafeUrl(info.entryImage) ? info.entryImage : null,
    left: num(info.positionLeft),
    top: Number.isFinite(top) ? top : null,
    title: str(info.title) || str(a.shareTitle),
    text: str(info.content) || str(a.shareContent),
    url: isSafeUrl(pageUrl) ? pageUrl : null,
    iconUrl: isSafeUrl(icon) ? icon : null,
  };
}

export interface ActivityPrize {
  prizeId: string;
  name: string;
  image?: string;
}

/** The kit's text reader, an empty text read as none (a number never reads as empty). */
const text = (value: unknown): string | null => str(value) || null;

/**
 * luckdrawConfig.prizes of the parsed activity config, in server order (= slot index): each
 * checked one by one, unsafe image addresses dropped.
 */
export function drawPrizesOf(activity: Record<string, unknown> | null): ActivityPrize[] {
  const config = activity?.activityConfig;
  const luckdraw = isRecord(config) ? config.luckdrawConfig : undefined;
  const prizes = isRecord(luckdraw) && Array.isArray(luckdraw.prizes) ? luckdraw.prizes : [];
  return prizes.flatMap((item: unknown) => {
    if (!isRecord(item)) return [];
    const prizeId = text(item.prizeId);
    const name = text(item.name) ?? text(item.prizeName);
    if (prizeId === null || name === null) return [];
    return [{ prizeId, name, ...(isSafeUrl(item.image) ? { image: item.image } : {}) }];
  });
}

/**
 * `serverTime` (ms) of the activity, or of the answer of the time call a countdown names (known
 * only at run time); null when it carries none.
 */
export function serverTimeOf(value: unknown): number | null {
  if (!isRecord(value)) return null;
  const time = Number(value.serverTime);
  return Number.isFinite(time) && time > 0 ? time : null;
}

/** `serverTime` of the answer of a time call the page names; null when it carries none. */
export const answerServerTime = (envelope: ApiEnvelope): number | null =>
  serverTimeOf(rawPayloadOf(envelope));
