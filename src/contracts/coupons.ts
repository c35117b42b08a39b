/**
 * Coupons: spec §7 Coupons, and configActivity couponUserInfo/sendCoupon
 * (server/src/routes/coupons.ts, domain/coupons.ts).
 */
import { z } from 'zod';
import { post } from './contract';
import { activityCode, answer, base, byCode, millis } from './shared';

const C = base('generalActivityCoupon');
const CONFIG = base('configActivity');

const byCoupon = z.object({
  activityCode,
  couponId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -'),
});

/** domain/coupons.ts publicCoupon: no pool size, only a sold-out flag and the caller's count. */
const publicCoupon = {
  couponId: z.string(),
  name: z.string(),
  desc: z.string(),
  amount: z.number().int(),
  threshold: z.number().int(),
  perUserLimit: z.number().int(),
  startTime: millis.nullable(),
  endTime: millis.nullable(),
  soldOut: z.boolean(),
  claimed: z.number().int(),
  canClaim: z.boolean(),
};
const couponView = answer(publicCoupon);

/** domain/coupons.ts userCoupons: the caller's coupons, newest first. */
const userCoupon = answer({
  userCouponId: z.number().int(),
  couponId: z.string(),
  name: z.string(),
  amount: z.number().int(),
  threshold: z.number().int(),
  useUrl: z.string(),
  source: z.string(),
  time: millis,
});

const claim = {
  mutation: true,
  input: byCoupon,
  output: answer({ userCouponId: z.number().int(), ...publicCoupon }),
};
const mine = {
  input: byCode,
  output: answer({
    total: z.number().int(),
    list: z.array(userCoupon),
    coupons: z.array(couponView),
  }),
};

export const couponsContracts = {
  'generalActivityCoupon.getByConfigId2C': post(`${C}getByConfigId2C`, {
    input: byCode,
    output: answer({ list: z.array(couponView) }),
  }),
  'generalActivityCoupon.getBynCouponUrlMap': post(`${C}getBynCouponUrlMap`, {
    input: byCode,
    // couponId → the page where the coupon is used.
    output: answer({ map: z.record(z.string(), z.string()) }),
  }),
  // Two paths claim: the coupon page (drawCoupon) and the activity page (sendCoupon).
  'generalActivityCoupon.drawCoupon': post(`${C}drawCoupon`, claim),
  'configActivity.sendCoupon': post(`${CONFIG}sendCoupon`, claim),
  'generalActivityCoupon.getBynUserData': post(`${C}getBynUserData`, mine),
  'configActivity.couponUserInfo': post(`${CONFIG}couponUserInfo`, mine),
} as const;
