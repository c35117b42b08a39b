/**
 * Reading the coupon calls (spec §7 generalActivityCoupon). The shapes we expect, and accept
 * leniently since the server is another team's:
 * - getByConfigId2C { activityCode } → [{ couponId, name, desc, amount, threshold (cents),
 *   perUserLimit, remaining, soldOut?, useUrl? }] or { list: [...] }
 * - getBynUserData { activityCode } → [{ couponId, claimed }] or { couponId: claimed } (login)
 * - getBynCouponUrlMap { activityCode } → { couponId: url }
 * - drawCoupon { activityCode, couponId } → { couponId, claimed, remaining }
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
      },
    ];
  });
}

/** couponId → how many the visitor holds. */
export function parseUserData(payload: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  const list = listOf(payload, ['list', 'coupons', 'claimed']);
  if (list.length > 0) {
    for (const item of list) {
      if (!isRecord(item)) continue;
      const id = str(pick(item, 'couponId', 'id'));
      if (id) counts.set(id, num(pick(item, 'claimed', 'count', 'receivedCount')));
    }
    return counts;
  }
  if (isRecord(payload)) {
    for (const [id, value] of Object.entries(payload)) {
      if (typeof value === 'number' || typeof value === 'string') counts.set(id, num(value));
    }
  }
  return counts;
}

/** couponId → use link. */
export function parseUrlMap(payload: unknown): Map<string, string> {
  const urls = new Map<string, string>();
  if (!isRecord(payload)) return urls;
  for (const [id, value] of Object.entries(payload)) {
    if (typeof value === 'string' && value !== '') urls.set(id, value);
  }
  return urls;
}

export type ClaimState = 'claimable' | 'claimed' | 'limit' | 'soldOut';

export function claimState(coupon: Coupon, claimed: number): ClaimState {
  if (claimed >= coupon.perUserLimit) return 'limit';
  if (coupon.soldOut) return 'soldOut';
  return claimed > 0 ? 'claimed' : 'claimable';
}

/** Cents as yuan without trailing zeros: 1000 → '10', 1050 → '10.5'. */
const CENTS_PER_YUAN = 100;

export function yuan(cents: number): string {
  return String(Math.round(cents) / CENTS_PER_YUAN);
}
