/**
 * The two back-end paths of a coupon claim (spec §7; server/src/routes/coupons.ts), by the
 * widget's `calls` prop: [the claim, what the visitor holds]. Both draw from the same pools.
 */
export const COUPON_CALLS = {
  coupon: ['generalActivityCoupon.drawCoupon', 'generalActivityCoupon.getBynUserData'],
  activity: ['configActivity.sendCoupon', 'configActivity.couponUserInfo'],
} as const;
