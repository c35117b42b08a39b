import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { vipGoodsMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);
const version = z
  .string()
  .regex(/^\d+(\.\d+){0,3}$/, 'a version such as 8.73.0')
  .describe('Lowest app version whose cashier takes payV2.');

export const vipGoodsProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The activity whose goods are sold (goodsList); defaults to the page's activity."),
  title: z.string().max(20).default('开通会员').describe('Heading; empty hides it.'),
  goodsIds: z
    .array(z.string().min(1).max(64))
    .max(20)
    .optional()
    .describe('Only these goods, in this order; absent shows every goods of the activity.'),
  buyText: copy('立即开通', 'The buy button of each goods.', 12),
  payV2From: z
    .strictObject({
      finance: version.optional(),
      wallet: version.optional(),
      payments: version.optional(),
    })
    .default({ finance: '8.73.0', wallet: '6.73.0', payments: '6.73.0' })
    .describe(
      'spec §7 native bridge pay / payV2: from these app versions on the cashier takes payV2 (one opaque order string), older apps pay; an app not listed uses payV2 when its bridge has it.',
    ),
  upgradeText: copy(
    '当前版本暂不支持支付，请升级APP至最新版本后再支付',
    'spec §8: the toast when the native cashier is unavailable (plain browser, old app).',
    60,
  ),
  paidText: copy('开通成功，会员权益已到账', 'Toast when the order is paid.'),
  cancelledText: copy('支付未完成', 'Toast when the cashier returns without paying.'),
  closedText: copy('订单已关闭，请重新下单', 'Toast when the order closed before payment.'),
  pendingText: copy(
    '支付结果确认中，请稍后在订单记录中查看',
    'Toast when the payment is not confirmed after every query.',
    60,
  ),
  pollIntervalMs: z
    .number()
    .int()
    .min(500)
    .max(10_000)
    .default(1_500)
    .describe('Wait between order queries after the cashier returns.'),
  pollCount: z
    .number()
    .int()
    .min(1)
    .max(30)
    .default(10)
    .describe('Order queries before the result counts as pending.'),
  showMembership: z
    .boolean()
    .default(true)
    .describe("Show the user's membership (its end date) above the goods."),
  showOrders: z.boolean().default(false).describe("List the user's orders (payFlow) below."),
  membershipLabel: copy('会员有效期至', 'Before the membership end date.'),
  noMembershipText: copy('您还未开通会员', 'Shown to a logged-in user without membership.'),
  loginText: copy('登录后开通会员', 'Shown to visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  errorText: copy('会员商品加载失败', 'Shown when the goods cannot be loaded.'),
  emptyText: copy('暂无可开通的会员', 'Shown when the activity sells no goods.'),
  ordersTitle: copy('我的订单', 'Heading of the order list.'),
  noOrdersText: copy('暂无订单', 'Shown when the user has no order.'),
  accentColor: cssColor.optional().describe('Colour of prices and buttons.'),
});

export const vipGoodsWidget = defineWidget({
  type: 'vip-goods',
  description:
    "Video membership goods bought through the native cashier (spec §7 video/vip goodsList, pay / payV2 by app version, query until paid or closed, payFlow), the spec §8 upgrade toast where the cashier is unavailable, and the user's membership.",
  props: vipGoodsProps,
  meta: vipGoodsMeta,
  apiCalls: () => [
    'videoVip.goodsList',
    'videoVip.membership',
    'videoVip.payFlow',
    'videoVip.pay',
    'videoVip.payV2',
    'videoVip.query',
  ],
  events: ['paid', 'failed'],
});

export type VipGoodsProps = z.output<typeof vipGoodsProps>;
