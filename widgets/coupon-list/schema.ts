import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { COUPON_CALLS } from './calls';
import { couponListMeta } from './meta';

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(40).default(fallback).describe(description);

export const couponListProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The coupons' activity; defaults to the page's activity."),
  title: z.string().max(20).default('领券中心').describe('Heading above the list; empty hides it.'),
  couponIds: z
    .array(z.string().min(1))
    .optional()
    .describe('Show only these coupons, in this order; all of the activity when absent.'),
  calls: z
    .enum(['coupon', 'activity'])
    .default('coupon')
    .describe(
      'Which back-end path claims and reads what the visitor holds (spec §7): "coupon", the coupon centre\'s (generalActivityCoupon drawCoupon, getBynUserData); "activity", an activity page\'s (configActivity sendCoupon, couponUserInfo). Both draw from the same pools.',
    ),
  amountUnit: copy('元', 'Unit after the amount.'),
  claimText: copy('立即领取', 'Button of a claimable coupon.'),
  claimAgainText: copy('再领一张', 'Button when the visitor holds some but may claim more.'),
  useText: copy('去使用', 'Link to use a claimed coupon.'),
  limitText: copy('已达上限', 'Button when the per-user limit is reached.'),
  soldOutText: copy('已抢光', 'Button when the pool is empty.'),
  notStartedText: copy('活动未开始', 'Button before the activity starts.'),
  endedText: copy('活动已结束', 'Button after the activity ends.'),
  claimedToast: copy('领取成功', 'Announced after a successful claim.'),
  loginText: copy('登录后领取优惠券', 'Prompt shown to visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  emptyText: copy('暂无可领取的优惠券', 'Shown when the activity has no coupons.'),
  errorText: copy('优惠券加载失败', 'Shown when the list cannot be loaded.'),
  accentColor: cssColor.optional().describe('Colour of amounts and buttons.'),
});

export const couponListWidget = defineWidget({
  type: 'coupon-list',
  description:
    'Coupons of an activity with their claim state (claimable, claimed, limit reached, sold out), the per-user limit and a link to use a claimed coupon.',
  props: couponListProps,
  meta: couponListMeta,
  apiCalls: (props) => [
    'generalActivityCoupon.getByConfigId2C',
    'generalActivityCoupon.getBynCouponUrlMap',
    ...COUPON_CALLS[props.calls],
  ],
  events: ['claim'],
});

export type CouponListProps = z.output<typeof couponListProps>;
