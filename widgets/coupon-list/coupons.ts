/** What a coupon's button says, and its amounts in yuan (the answers are read in ../_campaign-kit/loose/lenient.ts). */
import type { Coupon } from '../_campaign-kit/loose/lenient';

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
