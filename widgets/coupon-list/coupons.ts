/**
 * Reading the coupon calls (spec §7 generalActivityCoupon), as server/src/routes/coupons.ts
 * answers them; read leniently (other field names, bare lists) so an older back end still works:
 * - getByConfigId2C { activityCode } → { list: [{ couponId, name, desc, amount, threshold
 *   (cents), perUserLimit, startTime, endTime, soldOut, claimed, canClaim }] }
 * - getBynUserData { activityCode } (login) → { total, list: [one entry per coupon held],
 *   coupons: [the list above with the caller's `claimed`] }
 * - getBynCouponUrlMap { activityCode } → { map: { couponId: useUrl } }
 * - drawCoupon { activityCode, couponId } → the coupon with its new `claimed`; 409 when gone
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';

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

export function parseCoupons(payload: unknown): Coupon[] {
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
export function parseUserData(payload: unknown): Map<string, number> {
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
export function parseUrlMap(payload: unknown): Map<string, string> {
  const urls = new Map<string, string>();
  const map = isRecord(payload) && isRecord(payload.map) ? payload.map : payload;
  if (!isRecord(map)) return urls;
  for (const [id, value] of Object.entries(map)) {
    if (typeof value === 'string' && value !== '') urls.set(id, value);
  }
  return urls;
}

export type ClaimState = 'claimable' | 'claimed' | 'limit' | 'soldOut' | 'notStarted' | 'ended';

/** The coupon's own window (when it has one) comes before pool and limit. */
export function claimState(coupon: Coupon, claimed: number, now: number): ClaimState {
  if (claimed >= coupon.perUserLimit) return 'limit';
  if (coupon.startTime !== null && now < coupon.startTime) return 'notStarted';
  if (coupon.endTime !== null && now > coupon.endTime) return 'ended';
  if (coupon.soldOut) return 'soldOut';
  return claimed > 0 ? 'claimed' : 'claimable';
}

/** Cents as yuan without trailing zeros: 1000 → '10', 1050 → '10.5'. */
const CENTS_PER_YUAN = 100;

export function yuan(cents: number): string {
  return String(Math.round(cents) / CENTS_PER_YUAN);
}
