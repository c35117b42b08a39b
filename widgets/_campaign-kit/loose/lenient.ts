/**
 * Lenient on purpose: answers read under more than one shape so an older back end still works.
 *
 * Coupons (spec §7 generalActivityCoupon; server/src/routes/coupons.ts answers the first shape):
 * other field names and bare lists are read too.
 * - getByConfigId2C { activityCode } → { list: [{ couponId, name, desc, amount, threshold
 *   (cents), perUserLimit, startTime, endTime, soldOut, claimed, canClaim }] }
 * - getBynUserData { activityCode } (login) → { total, list: [one entry per coupon held],
 *   coupons: [the list above with the caller's `claimed`] }
 * - getBynCouponUrlMap { activityCode } → { map: { couponId: useUrl } }
 *
 * The dispatch module (spec §3): the list arrives in `value` or `result`; only its first element
 * shows.
 */
import { firstDispatchModule } from '../../../src/services/api/common-params';
import type { ApiEnvelope } from '../../../src/services/types';
import { isRecord, num, str } from './read';
import { listOf, payloadOf, pick } from './read-lists';

type Envelope = { result?: unknown; value?: unknown } | undefined;

export interface Coupon {
  couponId: string;
  name: string;
  desc: string;
  amountCents: number;
  thresholdCents: number;
  perUserLimit: number;
  /** null when the server does not tell. */
  remaining: number | null;
  soldOut: boolean;
  useUrl: string;
  /** The visitor's count as the list call reported it (0 when logged out). */
  claimed: number;
  startTime: number | null;
  endTime: number | null;
}

/** The coupons of a list answer (or of the `coupons` of a user-data answer). */
export function couponsOf(envelope: Envelope): Coupon[] {
  return parseCoupons(payloadOf(envelope));
}

function parseCoupons(payload: unknown): Coupon[] {
  return listOf(payload, ['list', 'coupons', 'couponList']).flatMap((item) => {
    if (!isRecord(item)) return [];
    const couponId = str(pick(item, 'couponId', 'id', 'configId'));
    if (!couponId) return [];
    const remainingRaw = pick(item, 'remaining', 'stock', 'remainCount');
    const remaining = remainingRaw === undefined ? null : num(remainingRaw);
    return [
      {
        couponId,
        name: str(pick(item, 'name', 'couponName', 'title')),
        desc: str(pick(item, 'desc', 'description', 'couponDesc')),
        amountCents: num(pick(item, 'amount', 'amountCents', 'couponAmount')),
        thresholdCents: num(pick(item, 'threshold', 'thresholdCents')),
        perUserLimit: Math.max(1, num(pick(item, 'perUserLimit', 'limit', 'userLimit'), 1)),
        remaining,
        soldOut: item.soldOut === true || item.soldOut === 1 || remaining === 0,
        useUrl: str(pick(item, 'useUrl', 'url', 'jumpUrl')),
        claimed: num(pick(item, 'claimed', 'receivedCount')),
        startTime: typeof item.startTime === 'number' ? item.startTime : null,
        endTime: typeof item.endTime === 'number' ? item.endTime : null,
      },
    ];
  });
}

/** couponId → how many the visitor holds: from `coupons` (counts), else by counting `list`. */
export function couponCountsOf(envelope: Envelope): Map<string, number> {
  const payload = payloadOf(envelope);
  const counts = new Map<string, number>();
  if (isRecord(payload) && Array.isArray(payload.coupons)) {
    for (const coupon of parseCoupons(payload.coupons)) counts.set(coupon.couponId, coupon.claimed);
    return counts;
  }
  for (const item of listOf(payload, ['list', 'claimed'])) {
    if (!isRecord(item)) continue;
    const id = str(pick(item, 'couponId', 'id'));
    if (!id) continue;
    const count = pick(item, 'claimed', 'count');
    counts.set(id, count === undefined ? (counts.get(id) ?? 0) + 1 : num(count));
  }
  return counts;
}

/** couponId → use link. */
export function couponUrlsOf(envelope: Envelope): Map<string, string> {
  const payload = payloadOf(envelope);
  const urls = new Map<string, string>();
  const map = isRecord(payload) && isRecord(payload.map) ? payload.map : payload;
  if (!isRecord(map)) return urls;
  for (const [id, value] of Object.entries(map)) {
    if (typeof value === 'string' && value !== '') urls.set(id, value);
  }
  return urls;
}

export interface DispatchModule {
  moduleId: string;
  title: string;
  image: string;
  /** A link: the widget turns it into actions only through linkActions. */
  jumpUrl: unknown;
}

/** spec §3: the first module of a getDispatchModuleList4C answer (from `value` or `result`). */
export function dispatchModuleOf(envelope: ApiEnvelope): DispatchModule {
  const module = firstDispatchModule(envelope);
  return {
    moduleId: str(module.moduleId),
    title: str(module.title),
    image: str(module.image),
    jumpUrl: module.jumpUrl,
  };
}
